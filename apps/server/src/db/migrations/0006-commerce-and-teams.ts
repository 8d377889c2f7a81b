import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './context.ts';

/**
 * What selling needs (issues 10 and 11): prices per licence kind, checkouts (the pending purchase
 * a provider transaction is keyed by), every webhook received, a durable mail queue written in
 * the fulfilment's own transaction, and teams with their members.
 *
 * The invariants live here, not in the hope that two requests never meet:
 * - one purchase per provider transaction (`purchases.provider_transaction_id` unique);
 * - one webhook application per event id (`webhook_events.event_id` unique);
 * - a team never has more members than seats (`teams.member_count <= seats`, a CHECK, kept by
 *   conditional updates);
 * - one membership per person and team, one team per licence.
 */
export function commerceAndTeams({ engine }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // A visitor may buy without an account: the licence key is the proof, so a purchase's
      // user is optional. SQLite cannot drop NOT NULL in place; rebuild the table (its own
      // twelve-step recipe; the migrator runs SQLite migrations outside a transaction).
      if (engine === 'postgres') {
        await sql`alter table purchases alter column user_id drop not null`.execute(db);
        // Money records outlive an account: deleting a user keeps their purchases.
        await sql`alter table purchases drop constraint purchases_user_id_fkey`.execute(db);
        await sql`alter table purchases add constraint purchases_user_id_fkey
          foreign key (user_id) references users(id) on delete set null`.execute(db);
      } else {
        await sql`pragma foreign_keys = off`.execute(db);
        await sql`create table purchases_rebuilt (
          id integer primary key autoincrement,
          user_id integer references users(id) on delete set null,
          product_id integer not null references products(id),
          amount integer not null,
          currency varchar(3) not null,
          source varchar(32) not null,
          receipt_url varchar(2048) not null,
          refunded_at bigint,
          created_at bigint not null
        )`.execute(db);
        await sql`insert into purchases_rebuilt
          select id, user_id, product_id, amount, currency, source, receipt_url, refunded_at, created_at
          from purchases`.execute(db);
        await sql`drop table purchases`.execute(db);
        await sql`alter table purchases_rebuilt rename to purchases`.execute(db);
        await sql`create index purchases_user_id on purchases (user_id)`.execute(db);
        await sql`pragma foreign_keys = on`.execute(db);
      }

      await db.schema
        .createTable('prices')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        /** 'personal' | 'team' | 'classroom' | 'restricted' */
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addUniqueConstraint('prices_product_kind', ['product_id', 'kind'])
        .execute();

      await db.schema
        .createTable('teams')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        /** The licence that made the team; one team per licence. */
        .addColumn('license_id', 'integer', (col) => col.notNull().unique())
        .addColumn('seats', 'integer', (col) => col.notNull())
        .addColumn('member_count', 'integer', (col) => col.notNull().defaultTo(0))
        /** High-entropy, shown to members in the invite link; replaced on reset. */
        .addColumn('invite_token', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('teams_seats', sql`member_count >= 0 and member_count <= seats`)
        .execute();

      await db.schema
        .createTable('team_members')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('team_id', 'integer', (col) =>
          col.notNull().references('teams.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        /** 'owner' | 'member' */
        .addColumn('role', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('team_members_team_user', ['team_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('team_members_user_id')
        .on('team_members')
        .column('user_id')
        .execute();

      await db.schema
        .alterTable('licenses')
        .addColumn('team_id', 'integer', (col) => col.references('teams.id'))
        .execute();
      await db.schema.alterTable('licenses').addColumn('redeemed_at', 'bigint').execute();
      /** Who bought it (from the provider's customer record): "connected to {email}". */
      await db.schema.alterTable('licenses').addColumn('buyer_email', 'varchar(254)').execute();
      await db.schema.alterTable('licenses').addColumn('deactivated_at', 'bigint').execute();

      await db.schema
        .createTable('checkouts')
        .addColumn('id', 'integer', idColumn(engine))
        /** 'sandbox' | 'paddle' */
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        /** The provider's transaction id, fixed (with the price) before the frame opens. */
        .addColumn('provider_transaction_id', 'varchar(128)', (col) => col.notNull().unique())
        /** What the thank-you page polls by: high-entropy, unguessable. */
        .addColumn('hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('price_id', 'integer', (col) => col.notNull().references('prices.id'))
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        /** The licence an upgrade replaces (deactivated with reason 'upgrade' on fulfilment). */
        .addColumn('upgrade_license_id', 'integer', (col) => col.references('licenses.id'))
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('advertised', 'integer', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        /** 'pending' | 'completed' */
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('completed_at', 'bigint')
        .execute();

      await db.schema
        .alterTable('purchases')
        .addColumn('tax', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('purchases')
        .addColumn('provider_transaction_id', 'varchar(128)')
        .execute();
      // SQLite cannot add a UNIQUE column; a unique index is the same constraint on both.
      await db.schema
        .createIndex('purchases_provider_transaction_id')
        .on('purchases')
        .column('provider_transaction_id')
        .unique()
        .execute();
      await db.schema
        .alterTable('purchases')
        .addColumn('checkout_id', 'integer', (col) => col.references('checkouts.id'))
        .execute();
      await db.schema.alterTable('purchases').addColumn('buyer_email', 'varchar(254)').execute();
      await db.schema.alterTable('purchases').addColumn('refund_reason', 'varchar(255)').execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'integer', idColumn(engine))
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        /** The provider's event id: applied once, whatever the number of deliveries. */
        .addColumn('event_id', 'varchar(128)', (col) => col.notNull().unique())
        .addColumn('event_type', 'varchar(64)', (col) => col.notNull())
        .addColumn('occurred_at', 'bigint', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .addColumn('processed_at', 'bigint')
        /** 'applied' | 'ignored' | 'held' | 'failed' */
        .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
        .addColumn('deliveries', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('error', 'text')
        .addColumn('payload', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_events_outcome')
        .on('webhook_events')
        .columns(['outcome', 'received_at'])
        .execute();

      await db.schema
        .createTable('mail_jobs')
        .addColumn('id', 'integer', idColumn(engine))
        /** Which message: 'license' | … (the templates in mail/templates.ts). */
        .addColumn('template', 'varchar(64)', (col) => col.notNull())
        .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
        /** A worker's claim: no two instances send the same job. */
        .addColumn('claimed_until', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('mail_jobs_due')
        .on('mail_jobs')
        .columns(['sent_at', 'next_attempt_at'])
        .execute();
    },
  };
}
