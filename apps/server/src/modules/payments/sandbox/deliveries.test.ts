import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PURCHASE_POLL_ATTEMPTS, PURCHASE_POLL_INTERVAL_MS } from '@tessera/pages/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLogger, testApp } from '../../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../../test/services.ts';
import {
  createWebhookDeliverer,
  DELIVERY_CLAIM_MS,
  DELIVERY_REQUEST_TIMEOUT_MS,
  enqueueNotifications,
} from './deliveries.ts';

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A webhook receiver that answers 200 and counts what it got. */
async function receiver() {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/paddle`, received };
}

describe(`a delivery held by an instance that died (${TEST_DATABASE})`, () => {
  it('is taken up by another instance while the thank-you page still polls', async () => {
    // A live claim never runs out during one request; a dead one runs out in the first half of
    // the buyer's wait, leaving the other half for the delivery and the page's next poll.
    const buyerWaitsMs = PURCHASE_POLL_ATTEMPTS * PURCHASE_POLL_INTERVAL_MS;
    expect(DELIVERY_CLAIM_MS).toBeGreaterThan(DELIVERY_REQUEST_TIMEOUT_MS);
    expect(DELIVERY_CLAIM_MS).toBeLessThanOrEqual(buyerWaitsMs / 2);

    const { services } = await testApp();
    const { db } = services.database;
    const t0 = 1_750_000_000_000;
    const eventId = `evt_${Math.random().toString(36).slice(2)}`;
    await enqueueNotifications(
      db,
      [{ eventId, eventType: 'transaction.completed', payload: JSON.stringify({ eventId }) }],
      { now: t0, chaos: false },
    );
    // The instance that died had claimed it at t0, as a deliverer's claim does.
    await db
      .updateTable('sandbox_webhook_deliveries')
      .set({ claimed_until: t0 + DELIVERY_CLAIM_MS, attempts: 1 })
      .where('event_id', '=', eventId)
      .execute();

    const { url, received } = await receiver();
    let clock = t0 + 1000;
    const survivor = createWebhookDeliverer({
      database: services.database,
      secret: 'x'.repeat(32),
      target: url,
      chaos: false,
      logger: captureLogger().logger,
      now: () => clock,
    });
    expect(await survivor.runOnce()).toBe(0);
    clock = t0 + DELIVERY_CLAIM_MS - 1;
    expect(await survivor.runOnce()).toBe(0);
    clock = t0 + DELIVERY_CLAIM_MS;
    expect(await survivor.runOnce()).toBe(1);
    expect(received.filter((body) => body.includes(eventId))).toHaveLength(1);
    const row = await db
      .selectFrom('sandbox_webhook_deliveries')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivered_at: clock, last_status: 200, attempts: 2 });
    await survivor.stop();
  });
});
