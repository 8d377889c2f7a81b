import type { MailJobInput } from '../../../mail/queue.ts';

/**
 * The licence e-mail (the key and the link that redeems it), one shape wherever it is sent
 * from: a purchase fulfilled, a buyer's address learnt late, an operator's move or resend.
 */
export function licenseMail(input: {
  recipient: string;
  productName: string;
  key: string;
  appUrl: string;
  /** The purchase replaced a licence the buyer had (the message says so). */
  upgrade: boolean;
}): MailJobInput {
  return {
    template: 'license',
    recipient: input.recipient,
    payload: {
      productName: input.productName,
      licenseKey: input.key,
      activationUrl: `${input.appUrl}/licenses/${input.key}`,
      upgrade: input.upgrade,
    },
  };
}
