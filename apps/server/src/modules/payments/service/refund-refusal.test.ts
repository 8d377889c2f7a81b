import { describe, expect, it } from 'vitest';
import { creditedRefusal } from './refunds.ts';

/** What a buyer or an operator reads when a credited purchase is not refunded (decision 041). */
describe('creditedRefusal', () => {
  const upgrade = (productName: string, credit: number, day: string) => ({
    purchaseId: 1,
    productName,
    credit,
    currency: 'USD',
    createdAt: Date.parse(`${day}T12:00:00Z`),
  });

  it('names the upgrade, the amount credited and the day it was bought', () => {
    expect(creditedRefusal([upgrade('All-access', 14_900, '2026-03-04')])).toBe(
      'This purchase was credited $149 toward All-access (bought 2026-03-04), which is still active. Refund the upgrade first, or ask support: refunding this purchase takes that upgrade away too.',
    );
  });

  it('names every upgrade standing on the credit', () => {
    expect(
      creditedRefusal([
        upgrade('All-access', 14_900, '2026-03-04'),
        upgrade('Team all-access', 2_550, '2026-05-06'),
      ]),
    ).toContain(
      'credited $149 toward All-access (bought 2026-03-04) and $25.50 toward Team all-access (bought 2026-05-06), which',
    );
  });
});
