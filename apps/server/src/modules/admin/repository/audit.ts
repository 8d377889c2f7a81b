import type { AuditAction } from '@tessera/pages';
import type { Db, Tx } from '../../../db/database.ts';

type AuditSubjectType =
  'user' | 'purchase' | 'license' | 'team' | 'webhook_event' | 'mail_job' | 'webhook_delivery';

/** Who acts: always the operator, also while they impersonate a customer. */
export interface AuditActor {
  id: number;
  email: string;
  /** The request's address. */
  ip: string | undefined;
}

export interface AuditInput {
  action: AuditAction;
  subject: { type: AuditSubjectType; id: number };
  /** The customer concerned, so their back-office page lists the entry. */
  customerId: number | null;
  /** What changed; never a secret (no password, no token). */
  details?: Record<string, string | number | boolean | null>;
}

/**
 * The audit trail (decision 011). `record` takes the action's own transaction, so an action
 * and its entry are written together or not at all. There is no update or delete here, and
 * the database refuses both (migration 0010's triggers).
 */
export function auditTrail(db: Db | Tx, now: () => number) {
  return {
    async record(actor: AuditActor, input: AuditInput): Promise<void> {
      await db
        .insertInto('audit_entries')
        .values({
          actor_id: actor.id,
          actor_email: actor.email,
          action: input.action,
          subject_type: input.subject.type,
          subject_id: input.subject.id,
          customer_id: input.customerId,
          details: JSON.stringify(input.details ?? {}),
          ip: actor.ip?.slice(0, 64) ?? null,
          created_at: now(),
        })
        .execute();
    },

    /** Newest first, with the customer's current address where there is one. */
    list(options: { offset: number; limit: number; customerId?: number }) {
      let query = db
        .selectFrom('audit_entries')
        .leftJoin('users as customer', 'customer.id', 'audit_entries.customer_id')
        .select([
          'audit_entries.id',
          'audit_entries.actor_email',
          'audit_entries.action',
          'audit_entries.subject_type',
          'audit_entries.subject_id',
          'audit_entries.customer_id',
          'audit_entries.details',
          'audit_entries.ip',
          'audit_entries.created_at',
          'customer.email as customer_email',
        ]);
      if (options.customerId !== undefined)
        query = query.where('audit_entries.customer_id', '=', options.customerId);
      return query
        .orderBy('audit_entries.created_at', 'desc')
        .orderBy('audit_entries.id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditTrail>['list']>>[number];
