import { LICENSE_KINDS, type LicenseKind } from '@tessera/pages/constants';

/** What `GET /checkout/:slug?license=…&upgrade=…` asks for (the inverse of `checkoutUrl`). */
export type CheckoutRequest =
  | { ok: true; productSlug: string; kind: LicenseKind; upgradeLicenseId: number | null }
  | { ok: false; message: string };

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

function single(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/**
 * Reads a checkout address. The licence kind defaults to personal; anything malformed (a
 * repeated parameter, an unknown kind, an id that is not a positive integer) is refused with a
 * message rather than guessed at. An unknown slug of the right shape is the quote's business.
 */
export function parseCheckoutRequest(
  slug: string,
  query: Record<string, unknown>,
): CheckoutRequest {
  if (!SLUG.test(slug)) return { ok: false, message: 'There is no such product.' };
  const license = single(query.license);
  if (license === null) return { ok: false, message: 'Give one licence kind.' };
  const kind = license ?? 'personal';
  if (!(LICENSE_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, message: `The licence must be one of ${LICENSE_KINDS.join(', ')}.` };
  }
  const upgrade = single(query.upgrade);
  if (upgrade === null) return { ok: false, message: 'Give one licence to upgrade.' };
  let upgradeLicenseId: number | null = null;
  if (upgrade !== undefined) {
    if (!ID.test(upgrade) || Number(upgrade) > MAX_ID) {
      return { ok: false, message: 'The licence to upgrade must be a licence id.' };
    }
    upgradeLicenseId = Number(upgrade);
  }
  return { ok: true, productSlug: slug, kind: kind as LicenseKind, upgradeLicenseId };
}
