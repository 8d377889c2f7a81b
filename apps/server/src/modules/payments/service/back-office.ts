import type { WebhookEvent } from '../../../db/schema.ts';
import type { Payments } from './payments.ts';
import { creditedRefusal } from './refunds.ts';

/**
 * The back office's two payment actions, through the same paths the provider's own would take:
 * - a refund is asked of the active provider (the sandbox's refund call, Paddle's adjustment);
 *   it then arrives as a signed webhook and goes through fulfilment, exactly once;
 * - a replay runs the stored event through fulfilment again, which changes nothing when the
 *   event was already applied (its id is its unique key).
 * A rejection is what the operator is shown.
 */
export function backOfficeSeams(payments: Payments) {
  return {
    /** Through the one refund path; a credited purchase without the override is refused. */
    async refund(request: {
      providerTransactionId: string;
      reason: string;
      overrideCredit: boolean;
    }) {
      const answer = await payments.refunds.request({
        transactionId: request.providerTransactionId,
        reason: request.reason,
        overrideCredit: request.overrideCredit,
      });
      if (answer.status === 'credited') throw new Error(creditedRefusal(answer.upgrades));
    },
    async replay(event: Pick<WebhookEvent, 'event_id'>) {
      const result = await payments.fulfilment.replay(event.event_id);
      if (!result) throw new Error(`No stored event ${event.event_id}.`);
      if (result.status !== 200) throw new Error(result.error);
    },
  };
}
