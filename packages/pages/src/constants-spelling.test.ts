import { describe, expect, it } from 'vitest';
import {
  CLASSROOM_LICENSE_NOTICE,
  LICENSE_CONFIRMATIONS,
  QUOTE_REFUSALS,
  RESET_PASSWORD_NOTICE,
  RESTRICTED_LICENSE_NOTICE,
} from './constants';

// The interface spells the noun "licence" (British, as most of the store's own copy does);
// addresses and API fields keep `license`. These sentences reach buyers at the checkout.
describe('the copy in constants', () => {
  it('spells the noun "licence"', () => {
    const sentences = [
      CLASSROOM_LICENSE_NOTICE,
      RESTRICTED_LICENSE_NOTICE,
      RESET_PASSWORD_NOTICE,
      ...Object.values(LICENSE_CONFIRMATIONS),
      ...Object.values(QUOTE_REFUSALS),
    ];
    for (const sentence of sentences) expect(sentence).not.toMatch(/\blicenses?\b/i);
    expect(RESTRICTED_LICENSE_NOTICE).toMatch(/\blicence\b/);
  });
});
