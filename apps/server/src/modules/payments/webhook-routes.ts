import express, { Router } from 'express';
import { findMalformedText } from '../../http/input-guard.ts';
import { webhookEnvelope } from './events.ts';
import type { Fulfilment } from './fulfilment.ts';
import { SIGNATURE_HEADER, verifySignature } from './signature.ts';

/** A delivery larger than this is not a Paddle notification. */
const MAX_BODY = '1mb';

/**
 * `POST /webhooks/paddle`: its own stack, mounted before the app's body parsers, session and
 * CSRF check. The signature over the raw bytes is the only credential; then the event is applied
 * (or held) exactly once. 400 for a malformed header or body, 401 for a missing or wrong
 * signature, 422/503 when the event could not be applied (the provider delivers it again),
 * nothing changed in each case.
 */
export function webhookRoutes(deps: {
  fulfilment: Fulfilment;
  secrets: () => readonly string[];
  toleranceSeconds: number;
  now: () => number;
}): Router {
  const router = Router();
  router.post(
    '/webhooks/paddle',
    express.raw({ type: () => true, limit: MAX_BODY }),
    async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const check = verifySignature({
        rawBody,
        header: req.get(SIGNATURE_HEADER),
        secrets: deps.secrets(),
        toleranceSeconds: deps.toleranceSeconds,
        nowMs: deps.now(),
      });
      if (!check.ok) {
        const malformed = check.reason === 'malformed';
        res.status(malformed ? 400 : 401).json({
          error: malformed ? 'malformed_signature' : 'invalid_signature',
          message: malformed
            ? `The ${SIGNATURE_HEADER} header is not "ts=…;h1=…".`
            : `The ${SIGNATURE_HEADER} header does not sign this body now (${check.reason}).`,
        });
        return;
      }
      const text = rawBody.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        res.status(400).json({ error: 'malformed_body', message: 'The body is not JSON.' });
        return;
      }
      const envelope = webhookEnvelope.safeParse(json);
      const malformedText = findMalformedText(json);
      if (!envelope.success || malformedText !== null) {
        res.status(400).json({
          error: 'malformed_body',
          message: malformedText
            ? `The body has a character that is not allowed at ${malformedText}.`
            : 'The body is not a notification (event_id, event_type, occurred_at, data).',
        });
        return;
      }
      const result = await deps.fulfilment.receive(envelope.data, text);
      if (result.status === 200) {
        res.status(200).json({ outcome: result.outcome, duplicate: result.duplicate });
      } else {
        if (result.status === 503) res.set('Retry-After', '30');
        res.status(result.status).json({ error: 'not_applied', message: result.error });
      }
    },
  );
  return router;
}
