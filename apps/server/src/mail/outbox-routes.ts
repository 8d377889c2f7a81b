import { Router } from 'express';
import { NotFoundError } from '../http/errors.ts';
import type { Outbox } from './mailer.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escapes the text, then makes its http(s) links clickable. */
function linkify(text: string): string {
  return escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111827}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb}pre{white-space:pre-wrap;background:#f9fafb;padding:1rem;border-radius:.5rem}a{color:#4f46e5}</style></head><body>${body}</body></html>`;
}

/**
 * The development outbox: every message the store "sent" without SMTP. Mounted only when mail
 * goes to the outbox and the store's own address is on this machine (see app.ts).
 */
export function outboxRoutes(outbox: Outbox): Router {
  const router = Router();
  router.get('/dev/mail', async (_req, res) => {
    const mails = await outbox.list();
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${escape(new Date(mail.date).toUTCString())}</td><td>${escape(mail.to)}</td><td><a href="/dev/mail/${escape(mail.id)}">${escape(mail.subject)}</a></td></tr>`,
      )
      .join('');
    res
      .type('html')
      .send(
        page(
          'Outbox',
          `<h1>Outbox</h1><p>Mail written to <code>${escape(outbox.dir)}</code> because no SMTP_URL is set.</p>` +
            (mails.length
              ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
              : '<p>No messages yet.</p>'),
        ),
      );
  });
  router.get('/dev/mail/:id', async (req, res) => {
    const mail = await outbox.find(req.params.id);
    if (!mail) throw new NotFoundError('No such message in the outbox.');
    res
      .type('html')
      .send(
        page(
          mail.subject,
          `<p><a href="/dev/mail">Outbox</a></p><h1>${escape(mail.subject)}</h1><p>From ${escape(mail.from)} to ${escape(mail.to)}, ${escape(new Date(mail.date).toUTCString())}</p><pre>${linkify(mail.text)}</pre>`,
        ),
      );
  });
  return router;
}

/** The outbox page shows reset links: only for a store whose address is this machine. */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}
