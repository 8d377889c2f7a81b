import { EventEmitter } from 'node:events';
import { PostgresAdapter, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle, Db, Tx } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { JobTable } from './repository.ts';

/**
 * Wake-ups for the job queues (decision 038): an enqueue says which table has work, and every
 * worker of that table, on every instance, runs a round at once instead of polling for it.
 * PostgreSQL carries the signal with NOTIFY, which is sent when the enqueuing transaction
 * commits (never for one that rolls back); on SQLite, whose instances share one host and in
 * practice one process, the signal stays in the process.
 */
const CHANNEL = 'tessera_jobs';
const local = new EventEmitter();
local.setMaxListeners(0);

/** Says that `table` has a new job; call it inside the transaction that wrote the job. */
export async function signalJobs(db: Db | Tx, table: JobTable): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_notify(${CHANNEL}, ${table})`.execute(db);
  } else {
    setImmediate(() => local.emit(table));
  }
}

/** Runs `wake` whenever `table` is signalled; returns the unsubscribe. */
export function onJobs(table: JobTable, wake: () => void): () => void {
  local.on(table, wake);
  return () => local.off(table, wake);
}

/**
 * Runs `forget` whenever the things for sale change (decision 056): on PostgreSQL the triggers
 * of migration 0047 say so on every instance, whoever changed them; after the listening
 * connection comes back from an outage (a signal may have been missed); and for a change made
 * in this process (`productsChanged`). Returns the unsubscribe.
 */
export function onProductsChanged(forget: () => void): () => void {
  local.on(PRODUCTS, forget);
  return () => local.off(PRODUCTS, forget);
}

/** Says, in this process, that the things for sale changed (SQLite's only signal). */
export function productsChanged(): void {
  local.emit(PRODUCTS);
}

const PRODUCTS = 'products';

/**
 * On PostgreSQL, one connection of its own that LISTENs and passes every signal on to this
 * process's workers; it reconnects after losing the database. Nothing on SQLite.
 */
export function listenForJobs(
  database: DatabaseHandle,
  logger: Logger,
): { ready: Promise<void>; close(): Promise<void> } {
  if (database.raw.engine !== 'postgres') {
    return { ready: Promise.resolve(), close: async () => undefined };
  }
  const config = database.raw.pool.options;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));

  function connect() {
    const current = new pg.Client(config);
    client = current;
    current.on('notification', (message) => {
      if (message.payload) local.emit(message.payload);
    });
    current.on('error', (error) => {
      logger.warn({ err: error }, 'Job wake-up connection lost; reconnecting');
      void current.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(connect, 1000);
        retry.unref();
      }
    });
    current
      .connect()
      .then(() => current.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        // Whatever changed while this connection was away was not heard: forget it all.
        local.emit(PRODUCTS);
        listening();
      })
      .catch((error: unknown) => current.emit('error', error));
  }
  connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
