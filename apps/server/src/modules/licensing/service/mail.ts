import { DIGITAL_GOODS, digitalGoodsUrl, type DigitalGoodsSlug } from '@tessera/pages/constants';
import type { MailJobInput } from '../../../mail/queue.ts';

const isGoods = (slug: string): slug is DigitalGoodsSlug => Object.hasOwn(DIGITAL_GOODS, slug);

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
  /** Digital goods the licence hands over (the bundle's ebook): their download links. */
  goods?: readonly string[];
}): MailJobInput {
  const downloads = (input.goods ?? []).filter(isGoods).flatMap((slug) =>
    DIGITAL_GOODS[slug].files.map((file) => ({
      label: `${DIGITAL_GOODS[slug].name}: ${file.label}`,
      url: `${input.appUrl}${digitalGoodsUrl(slug, file.name)}`,
    })),
  );
  return {
    template: 'license',
    recipient: input.recipient,
    payload: {
      productName: input.productName,
      licenseKey: input.key,
      activationUrl: `${input.appUrl}/licenses/${input.key}`,
      upgrade: input.upgrade,
      ...(downloads.length > 0 ? { downloads } : {}),
    },
  };
}
