import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import { createMailer } from './mailer.ts';
import { markTestMode, TEST_MODE_MAIL_LINE, TEST_MODE_SUBJECT_PREFIX } from './templates.ts';

/** Every message of a test-mode store says so (decision 040), in one place: the mailer. */
const MESSAGE = {
  to: 'buyer@example.com',
  subject: 'Your licence key',
  text: 'Your key: ABCD',
  html: '<html><body class="mail"><p>Your key: ABCD</p></body></html>',
};

describe('markTestMode', () => {
  it('marks the subject, opens the text with the plain line, and puts the note first in the body', () => {
    const marked = markTestMode(MESSAGE);
    expect(marked.to).toBe(MESSAGE.to);
    expect(marked.subject).toBe(`${TEST_MODE_SUBJECT_PREFIX} Your licence key`);
    expect(marked.text).toBe(`${TEST_MODE_MAIL_LINE}\n\nYour key: ABCD`);
    expect(marked.html).toMatch(
      /^<html><body class="mail"><p role="note" [^>]*>TEST MODE: this store takes test payments only[^<]*<\/p><p>Your key: ABCD<\/p><\/body><\/html>$/,
    );
  });

  it('puts the note first in a body without a <body> tag', () => {
    const marked = markTestMode({ ...MESSAGE, html: '<p>Your key: ABCD</p>' });
    expect(marked.html).toMatch(
      /^<p role="note" [^>]*>TEST MODE: [^<]*<\/p><p>Your key: ABCD<\/p>$/,
    );
  });

  it('marks a message once', () => {
    const once = markTestMode(MESSAGE);
    expect(markTestMode(once)).toEqual(once);
  });
});

describe('createMailer', () => {
  const logger = { info: () => undefined } as unknown as Logger;

  async function sent(testMode: boolean | undefined) {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'tessera-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'store@example.com',
      outboxDir,
      logger,
      ...(testMode === undefined ? {} : { testMode }),
    });
    await mailer.send(MESSAGE);
    mailer.close();
    const [stored] = await mailer.outbox!.list();
    return stored!;
  }

  it('marks what a test-mode store sends, and only that', async () => {
    expect((await sent(true)).subject).toBe(`${TEST_MODE_SUBJECT_PREFIX} Your licence key`);
    expect((await sent(true)).text.startsWith(TEST_MODE_MAIL_LINE)).toBe(true);
    for (const testMode of [false, undefined]) {
      const plain = await sent(testMode);
      expect([plain.subject, plain.text, plain.html]).toEqual([
        MESSAGE.subject,
        MESSAGE.text,
        MESSAGE.html,
      ]);
    }
  });
});
