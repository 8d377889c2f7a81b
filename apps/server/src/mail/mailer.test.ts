import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { captureLogger } from '../../test/helpers.ts';
import { createMailer, type MailMessage } from './mailer.ts';

// The mailer on its own: the development outbox on disk, and SMTP against a minimal server.
const MESSAGE: MailMessage = {
  to: 'buyer@example.com',
  subject: 'Reset your password',
  text: 'Open https://store.example/reset/SECRET-TOKEN',
  html: '<p>Open <a href="https://store.example/reset/SECRET-TOKEN">the reset page</a></p>',
};
const FROM = 'Tessera <store@example.com>';
const at = (iso: string) => () => new Date(iso);

async function outboxMailer(now = at('2025-06-15T12:00:00.123Z')) {
  const root = await mkdtemp(path.join(tmpdir(), 'tessera-outbox-'));
  // Not there yet, nor its parent: the first message makes both.
  const outboxDir = path.join(root, 'data', 'outbox');
  const { logger, lines } = captureLogger();
  const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, logger, now });
  return { root, outboxDir, lines, mailer, outbox: mailer.outbox! };
}

describe('the development outbox', () => {
  it('writes each message as .eml and .json under a sortable id, and logs no body or recipient', async () => {
    const { outboxDir, lines, mailer, outbox } = await outboxMailer();
    expect(await outbox.list()).toEqual([]);
    await mailer.send(MESSAGE);
    mailer.close();
    const [stored, ...others] = await outbox.list();
    expect(others).toEqual([]);
    expect(stored).toEqual({
      id: expect.stringMatching(/^2025-06-15T12-00-00-123Z-[0-9a-f]{8}$/),
      from: FROM,
      date: '2025-06-15T12:00:00.123Z',
      ...MESSAGE,
    });
    expect(outbox.dir).toBe(outboxDir);
    expect((await readdir(outboxDir)).sort()).toEqual([`${stored!.id}.eml`, `${stored!.id}.json`]);
    const eml = await readFile(path.join(outboxDir, `${stored!.id}.eml`), 'utf8');
    expect(eml).toContain('From: Tessera <store@example.com>');
    expect(eml).toContain('To: buyer@example.com');
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain('Date: Sun, 15 Jun 2025 12:00:00 +0000');
    expect(eml).toContain('SECRET-TOKEN');
    expect(await outbox.find(stored!.id)).toEqual(stored);

    const logged = lines.filter((line) => line.msg === 'Mail written to the outbox');
    expect(logged).toEqual([expect.objectContaining({ subject: MESSAGE.subject, id: stored!.id })]);
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
    expect(JSON.stringify(lines)).not.toContain(MESSAGE.to);
  });

  it('lists the newest first, once each, and skips what is not a readable message', async () => {
    const start = Date.parse('2025-06-15T12:00:00Z');
    let clock = start;
    const { outboxDir, mailer, outbox } = await outboxMailer(() => new Date(clock));
    // Written out of order (a clock set back, two processes): the list goes by date, not by
    // the order the files happen to be in on disk.
    for (const [subject, second] of [
      ['third', 3],
      ['first', 1],
      ['fifth', 5],
      ['second', 2],
      ['fourth', 4],
    ] as const) {
      clock = start + second * 1000;
      await mailer.send({ ...MESSAGE, subject });
    }
    await writeFile(path.join(outboxDir, 'notes.txt'), 'not mail');
    await writeFile(path.join(outboxDir, 'broken.json'), '{ not json');
    // A file beside a message whose extension is as long as `.json` names no second message.
    const [newest] = await outbox.list();
    await writeFile(path.join(outboxDir, `${newest!.id}.html`), '<p>preview</p>');
    expect((await outbox.list()).map((mail) => mail.subject)).toEqual([
      'fifth',
      'fourth',
      'third',
      'second',
      'first',
    ]);
    expect(await outbox.find('broken')).toBeNull();
    expect(await outbox.find('no-such-mail')).toBeNull();
  });

  it('finds nothing outside the outbox, whatever id it is asked for', async () => {
    const { root, outboxDir, mailer, outbox } = await outboxMailer();
    await mailer.send(MESSAGE);
    const secret = { id: 'secret', from: FROM, date: '', ...MESSAGE };
    await writeFile(path.join(root, 'data', 'secret.json'), JSON.stringify(secret));
    await writeFile(path.join(outboxDir, 'a.b.json'), JSON.stringify(secret));
    expect(await outbox.find('../secret')).toBeNull();
    expect(await outbox.find('a.b')).toBeNull();
    expect(await outbox.find('')).toBeNull();
    // The id's shape: letters, digits, `_` and `-`, at most 80 of them.
    await writeFile(path.join(outboxDir, `${'a'.repeat(80)}.json`), JSON.stringify(secret));
    await writeFile(path.join(outboxDir, `${'a'.repeat(81)}.json`), JSON.stringify(secret));
    expect(await outbox.find('a'.repeat(80))).toEqual(secret);
    expect(await outbox.find('a'.repeat(81))).toBeNull();
    const [sent] = await readdir(outboxDir).then((files) => files.filter((f) => f.startsWith('2')));
    expect((await outbox.list()).map((mail) => mail.id)).toEqual([
      'secret',
      sent!.replace(/\.(eml|json)$/, ''),
    ]);
  });

  it('lists nothing when the outbox folder does not exist yet', async () => {
    const { outbox } = await outboxMailer();
    expect(await outbox.list()).toEqual([]);
  });

  it('dates a message by the real clock when given none', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'tessera-outbox-'));
    const { logger } = captureLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, logger });
    const before = Date.now();
    await mailer.send(MESSAGE);
    const [stored] = await mailer.outbox!.list();
    expect(Date.parse(stored!.date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(stored!.date)).toBeLessThanOrEqual(Date.now());
  });
});

/** Just enough of an SMTP server to take messages: what each envelope and message said. */
async function smtpServer() {
  const received: { envelope: string[]; data: string }[] = [];
  let closed = 0;
  const server = createServer((socket) => {
    let buffer = '';
    let data: string | null = null;
    let envelope: string[] = [];
    socket.on('close', () => (closed += 1));
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line !== '.') {
            data += `${line}\n`;
            continue;
          }
          received.push({ envelope, data });
          [data, envelope] = [null, []];
          socket.write('250 queued\r\n');
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else {
          if (/^(MAIL|RCPT)/i.test(line)) envelope.push(line);
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    received,
    connectionsClosed: () => closed,
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

describe('mail over SMTP', () => {
  const servers: { close(): void }[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('sends from the store’s address to the recipient, writes no outbox, and logs the subject only', async () => {
    const { server, received, url } = await smtpServer();
    servers.push(server);
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'tessera-outbox-'));
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ smtpUrl: url, from: FROM, outboxDir, logger });
    expect(mailer.outbox).toBeNull();
    await mailer.send(MESSAGE);
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.envelope).toEqual([
      'MAIL FROM:<store@example.com>',
      'RCPT TO:<buyer@example.com>',
    ]);
    expect(received[0]!.data).toContain('Subject: Reset your password');
    expect(received[0]!.data).toContain('SECRET-TOKEN');
    expect(await readdir(outboxDir)).toEqual([]);
    const logged = lines.filter((line) => line.msg === 'Mail sent');
    expect(logged).toEqual([expect.objectContaining({ subject: MESSAGE.subject })]);
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
  });

  it('keeps a pooled connection open between messages and ends it on close (shutdown)', async () => {
    const { server, received, connectionsClosed, url } = await smtpServer();
    servers.push(server);
    const { logger } = captureLogger();
    const mailer = createMailer({ smtpUrl: `${url}?pool=true`, from: FROM, outboxDir: '', logger });
    await mailer.send(MESSAGE);
    await mailer.send({ ...MESSAGE, subject: 'Second' });
    expect(received).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connectionsClosed()).toBe(0);
    mailer.close();
    await vi.waitFor(() => expect(connectionsClosed()).toBe(1));
  });
});
