import { z } from 'zod';

/**
 * The Paddle Billing notifications the store reads (the sandbox sends the same shapes). Only the
 * fields fulfilment needs are checked; everything else in the payload is kept as received.
 */

const id = z.string().min(1).max(128);
const minorUnits = z
  .string()
  .regex(/^-?\d{1,15}$/, 'must be an integer amount in minor units')
  .transform(Number);
const isoInstant = z.iso
  .datetime({ offset: true })
  .transform((value) => Date.parse(value))
  .refine((ms) => Number.isFinite(ms), 'must be a valid instant');

export const webhookEnvelope = z.object({
  event_id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/, 'must be letters, digits, _ or -'),
  event_type: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z_]+\.[a-z_]+$/, 'must look like "transaction.completed"'),
  occurred_at: isoInstant,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.output<typeof webhookEnvelope>;

export const transactionData = z.object({
  id,
  status: z.string().max(32),
  customer_id: id.nullish(),
  custom_data: z.record(z.string(), z.unknown()).nullish(),
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  details: z.object({
    totals: z.object({ subtotal: minorUnits, tax: minorUnits, total: minorUnits }),
  }),
});

export const customerData = z.object({
  id,
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
});

export const adjustmentData = z.object({
  id,
  action: z.string().max(32),
  status: z.string().max(32),
  transaction_id: id,
  reason: z.string().max(2000).nullish(),
  /** Paddle Billing: 'full' or 'partial'; older payloads have none (a full refund). */
  type: z.string().max(16).nullish(),
});

/** The provider transaction an event is about, if it names one. */
export function transactionIdOf(envelope: WebhookEnvelope): string | null {
  const { data } = envelope;
  const candidate = envelope.event_type.startsWith('transaction.') ? data.id : data.transaction_id;
  return typeof candidate === 'string' && candidate.length > 0 && candidate.length <= 128
    ? candidate
    : null;
}
