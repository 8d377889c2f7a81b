import { DEFAULT_REFUND_REASON } from '@tessera/pages/constants';
import { z } from 'zod';
import {
  emailField,
  formBoolean,
  passwordInput,
  secondFactorCode,
  passkeyAssertion,
} from '../auth/index.ts';

/** The longest page number a list accepts; beyond the last page a list is simply empty. */
const MAX_PAGE = 100_000;

export const pageQuery = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/** GET /admin?email=…&page=…: the prefix is matched literally (`%` and `_` are characters). */
export const customerSearchQuery = z.object({
  email: z
    .string({ error: 'Search by one e-mail address prefix.' })
    .trim()
    .max(254, 'An e-mail address is at most 254 characters.')
    .transform((value) => value.toLowerCase())
    .optional(),
  page: pageQuery.optional(),
});

const WEBHOOK_OUTCOMES = ['applied', 'ignored', 'held', 'failed'] as const;

export const webhookListQuery = z.object({
  outcome: z.enum(WEBHOOK_OUTCOMES).optional().catch(undefined),
  page: pageQuery.optional(),
});

export { DEFAULT_REFUND_REASON };

export const refundBody = z.object({
  reason: z
    .string()
    .trim()
    .max(255, 'The reason may not be longer than 255 characters.')
    .optional()
    .transform((value) => value || DEFAULT_REFUND_REASON),
  confirm_outside_window: formBoolean.default(false),
  /** Refund a purchase credited toward a standing upgrade, taking the upgrade away too. */
  confirm_credited: formBoolean.default(false),
});

export const moveLicenseBody = z.object({ email: emailField });

/**
 * The password and a second-factor code, asked again when the operator's last sign-in (or
 * step-up) is not recent.
 */
export const impersonateBody = z.object({
  password: passwordInput().optional(),
  code: secondFactorCode().optional(),
  /** A passkey's assertion instead of the code (decision 052), from the page's script. */
  passkey: passkeyAssertion.optional(),
});

export type RefundBody = z.output<typeof refundBody>;
export type MoveLicenseBody = z.output<typeof moveLicenseBody>;
export type ImpersonateBody = z.output<typeof impersonateBody>;
