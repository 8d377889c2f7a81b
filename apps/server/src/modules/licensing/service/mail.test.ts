import { describe, expect, it } from 'vitest';
import { licenseMail } from './mail.ts';

const BASE = {
  recipient: 'buyer@example.com',
  productName: 'All-access',
  key: 'ABCDE-FGHIJ',
  appUrl: 'https://store.test',
  upgrade: false,
};

describe('the licence e-mail', () => {
  it('carries the key and the link that redeems it, and says whether it is an upgrade', () => {
    expect(licenseMail(BASE)).toEqual({
      template: 'license',
      recipient: 'buyer@example.com',
      payload: {
        productName: 'All-access',
        licenseKey: 'ABCDE-FGHIJ',
        activationUrl: 'https://store.test/licenses/ABCDE-FGHIJ',
        upgrade: false,
      },
    });
    expect(licenseMail({ ...BASE, upgrade: true }).payload).toMatchObject({ upgrade: true });
  });

  it("links every file of the digital goods it hands over, and nothing we don't serve", () => {
    expect(
      licenseMail({ ...BASE, goods: ['design-ebook', 'unknown', 'constructor'] }).payload,
    ).toEqual({
      productName: 'All-access',
      licenseKey: 'ABCDE-FGHIJ',
      activationUrl: 'https://store.test/licenses/ABCDE-FGHIJ',
      upgrade: false,
      downloads: [
        {
          label: expect.stringMatching(/^Design ebook: The ebook \(PDF, \d+ pages\)$/),
          url: 'https://store.test/digital-goods/design-ebook/design-ebook.pdf',
        },
        {
          label: expect.stringMatching(/^Design ebook: The \d+ videos \(ZIP\)$/),
          url: 'https://store.test/digital-goods/design-ebook/design-ebook-videos.zip',
        },
      ],
    });
    // Goods it does not know make no empty list.
    expect(licenseMail({ ...BASE, goods: ['unknown'] }).payload).not.toHaveProperty('downloads');
    expect(licenseMail({ ...BASE, goods: [] }).payload).not.toHaveProperty('downloads');
  });
});
