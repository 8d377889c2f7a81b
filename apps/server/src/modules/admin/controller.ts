import type {
  AdminAuditLogPageProps,
  AdminCustomerPageProps,
  AdminCustomersPageProps,
  AdminQueuesPageProps,
  AdminWebhookPageProps,
  AdminWebhooksPageProps,
  ImpersonationOption,
} from '@tessera/pages';
import { REFUND_WINDOW_DAYS } from '@tessera/pages/constants';
import type { Request, Response } from 'express';
import type { DatabaseHandle } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import {
  NotFoundError,
  retryMessage,
  TooManyRequestsError,
  ValidationFailedError,
} from '../../http/errors.ts';
import { redirectBack } from '../../http/redirect-back.ts';
import type { AppSessionStore } from '../../http/session/session-store.ts';
import { fieldErrors, pathId, type Input } from '../../http/validation.ts';
import type { Errors } from '../../http/inertia/page.ts';
import type { Limiters } from '../../http/rate-limit.ts';
import { checkSecondFactor, WRONG_PASSWORD } from '../auth/index.ts';
import { REPORT_DAYS } from '../analytics/index.ts';
import { pageViews } from '../analytics/index.ts';
import type { AuthService, CookieSettings, SignedIn } from '../auth/index.ts';
import { licenseOperations, teamOperations } from '../licensing/index.ts';
import { purchaseOperations } from '../payments/index.ts';
import { auditTrail, type AuditActor } from './repository/audit.ts';
import { impersonationRefusal, recentlyAuthenticated, switchSession } from './middleware.ts';
import {
  auditRecord,
  customerUrl,
  iso,
  licenseRecord,
  pagination,
  prettyPayload,
  purchaseRecord,
  queueRecord,
  teamRecords,
  webhookRecord,
} from './presenter.ts';
import { adminRepository } from './repository/back-office.ts';
import type { ImpersonateBody, MoveLicenseBody, RefundBody } from './schemas.ts';
import { customerSearchQuery, pageQuery, webhookListQuery } from './schemas.ts';
import type { BackOfficeQueue, BackOfficeService } from './service.ts';

/** Rows per page in every back-office list (and the failed jobs listed per queue). */
export const PAGE_SIZE = 25;

export const MESSAGES = {
  refundRequested: 'Refund requested. The purchase shows it refunded once the provider confirms.',
  alreadyRefunded: 'This purchase has already been refunded.',
  alreadyRequested: 'A refund has already been requested for this purchase.',
  notRefundable:
    'This purchase was not paid through the current payment provider; refund it where it was paid.',
  outsideWindow: (days: number) =>
    `This purchase is ${days} days old, past the ${REFUND_WINDOW_DAYS}-day refund window. Confirm to refund it anyway.`,
  refundFailed: (message: string) => `The refund could not be requested: ${message}`,
  deactivated: 'Licence deactivated.',
  alreadyInactive: 'This licence is already inactive.',
  reactivated: 'Licence reactivated.',
  alreadyActive: 'This licence is already active.',
  finalDeactivation:
    'This licence was deactivated by a refund or an upgrade; only a licence you deactivated can be reactivated.',
  moved: (email: string) =>
    `Licence moved to ${email}; we have e-mailed them the link to redeem it.`,
  moveInactive: 'Only an active licence can be moved.',
  moveHasTeam: 'This licence has made a team; it cannot be moved to another address.',
  moveSame: 'The licence already belongs to that address.',
  moveChanged: 'The licence changed meanwhile; look at it again before moving it.',
  resent: (email: string) => `Licence e-mail queued for ${email}.`,
  resendInactive: 'Only an active licence is e-mailed.',
  noRecipient: 'This licence has no address to send it to; move it to one first.',
  memberRemoved: (email: string, team: string) => `${email} was removed from ${team}.`,
  lastOwner: 'A team keeps at least one owner: make another member owner first.',
  replayed: (outcome: string) => `Event replayed; its outcome is now “${outcome}”.`,
  replayFailed: (message: string) => `The event could not be replayed: ${message}`,
  jobRetried: (label: string, id: number) =>
    `${label} job #${id} will be tried again now, with every attempt.`,
  jobNotFailed: (id: number) =>
    `Job #${id} is not waiting for a retry: it was done meanwhile, never failed, is already due again, or a worker holds it right now.`,
  needsPassword: 'Enter your password to start impersonating.',
  needsCode:
    'Enter a code from your authenticator app (or a recovery code) to start impersonating.',
} as const;

export interface AdminControllerDeps {
  database: DatabaseHandle;
  sessionStore: AppSessionStore;
  service: BackOfficeService;
  /** The job queues the back office shows (decision 055). */
  queues: readonly BackOfficeQueue[];
  auth: AuthService;
  limiters: Pick<Limiters, 'passwordCheck' | 'secondFactor'>;
  cookies: CookieSettings;
  now: () => number;
}

function actorOf(req: Request, user: User): AuditActor {
  return { id: user.id, email: user.email, ip: req.ip };
}

async function flashTo(
  req: Request,
  res: Response,
  kind: 'success' | 'error',
  message: string,
  fallback: string,
) {
  await res.flash({ messages: { [kind]: message } });
  redirectBack(req, res, fallback);
}

export function adminController(deps: AdminControllerDeps) {
  const { database, service, now } = deps;
  const repo = adminRepository(database.db);
  const audit = auditTrail(database.db, now);

  /** Where a licence action goes back to without a Referer: its customer's page. */
  async function licenseBack(id: number): Promise<string> {
    const license = await licenseOperations.forOperator(database.db, id);
    return license?.user_id ? customerUrl(license.user_id) : '/admin';
  }

  async function impersonationOption(req: Request, target: User): Promise<ImpersonationOption> {
    const refusal = impersonationRefusal(target);
    if (refusal) return { allowed: false, reason: refusal };
    const needsPassword = !recentlyAuthenticated(req, now());
    if (!needsPassword) return { allowed: true, needsPassword };
    // The step-up offers the operator's passkey when they hold one (decision 052).
    const { passkey } = await deps.auth.secondFactors.methods(req.user!.id);
    return { allowed: true, needsPassword, ...(passkey ? { passkey } : {}) };
  }

  async function renderCustomer(
    req: Request,
    res: Response,
    id: number,
    extra: { errors?: Errors; status?: number } = {},
  ) {
    const customer = await deps.auth.users.findById(id);
    if (!customer) throw new NotFoundError('No such customer.');
    const [purchases, licenses, { teams, members }, sessions, signIns, resets, changes, entries] =
      await Promise.all([
        repo.purchasesOf(customer.id),
        licenseOperations.ofCustomer(database.db, customer),
        teamOperations.ofCustomer(database.db, customer.id),
        deps.sessionStore.userSessions(customer.id),
        deps.auth.signIns.recent(customer.id),
        repo.passwordResetsOf(customer.id),
        repo.emailChangesOf(customer.id),
        audit.list({ offset: 0, limit: 20, customerId: customer.id }),
      ]);
    const at = now();
    // What stands on each unrefunded purchase's credit: the refund dialog warns of it.
    const standing = await Promise.all(
      purchases.map((row) =>
        row.refunded_at === null ? purchaseOperations.standingUpgrades(database.db, row.id) : [],
      ),
    );
    const props: AdminCustomerPageProps = {
      customer: {
        id: customer.id,
        email: customer.email,
        isAdmin: customer.is_admin === 1,
        createdAt: iso(customer.created_at),
      },
      purchases: purchases.map((row, index) => purchaseRecord(row, at, standing[index])),
      licenses: licenses.map(licenseRecord),
      teams: teamRecords(teams, members),
      sessions: {
        count: sessions.count,
        lastSeenAt: sessions.lastSeenAt === null ? null : iso(sessions.lastSeenAt),
      },
      signIns: signIns.map((row) => ({
        at: iso(row.created_at),
        method: row.method === 'remember' ? 'remember' : 'password',
        ip: row.ip,
      })),
      passwordResets: resets.map((row) => ({
        requestedAt: iso(row.created_at),
        state: row.used_at !== null ? 'used' : row.expires_at <= at ? 'expired' : 'pending',
        usedAt: row.used_at === null ? null : iso(row.used_at),
      })),
      emailChanges: changes.map((row) => ({
        at: iso(row.created_at),
        from: row.old_email,
        to: row.new_email,
        undone: row.used_at !== null,
      })),
      audit: entries.map(auditRecord),
      impersonation: await impersonationOption(req, customer),
      refundWindowDays: REFUND_WINDOW_DAYS,
    };
    return res.inertia(
      'AdminCustomer',
      { ...props, ...(extra.errors ? { errors: extra.errors } : {}) },
      { status: extra.status ?? 200 },
    );
  }

  return {
    async customers(req: Request, res: Response) {
      const parsed = customerSearchQuery.safeParse(req.query);
      if (!parsed.success) {
        const props: AdminCustomersPageProps = { query: '', results: null, pagination: null };
        return res.inertia(
          'AdminCustomers',
          { ...props, errors: fieldErrors(parsed.error) },
          { status: 422 },
        );
      }
      const query = parsed.data.email ?? '';
      if (query === '') {
        const props: AdminCustomersPageProps = { query, results: null, pagination: null };
        return res.inertia('AdminCustomers', props);
      }
      const page = parsed.data.page ?? 1;
      const [rows, total] = await Promise.all([
        repo.searchCustomers(query, (page - 1) * PAGE_SIZE, PAGE_SIZE),
        repo.countCustomers(query),
      ]);
      const props: AdminCustomersPageProps = {
        query,
        results: rows.map((row) => ({
          id: row.id,
          email: row.email,
          isAdmin: row.is_admin === 1,
          createdAt: iso(row.created_at),
          purchaseCount: Number(row.purchase_count ?? 0),
          url: customerUrl(row.id),
        })),
        pagination: pagination(page, PAGE_SIZE, total),
      };
      return res.inertia('AdminCustomers', props);
    },

    customer(req: Request<{ id: string }>, res: Response) {
      return renderCustomer(req, res, pathId(req.params.id));
    },

    /**
     * Starts acting as the customer. Needs a recent sign-in (the password and a second factor
     * proven in this session within IMPERSONATION_REAUTH_MINUTES), else both now: the password
     * under the per-user limit of every password re-check, the code under the second-factor one.
     */
    async impersonate(req: SignedIn<Input<ImpersonateBody, { id: string }>>, res: Response) {
      const admin = req.user;
      const id = pathId(req.params.id);
      const target = await deps.auth.users.findById(id);
      if (!target) throw new NotFoundError('No such customer.');
      const page = customerUrl(target.id);
      const refusal = impersonationRefusal(target);
      if (refusal) return flashTo(req, res, 'error', refusal, page);

      const { password, code } = req.body;
      if (!recentlyAuthenticated(req, now())) {
        if (!password)
          throw new ValidationFailedError({ password: MESSAGES.needsPassword }, { back: page });
        const key = String(admin.id);
        const limit = await deps.limiters.passwordCheck.consume(key);
        if (!limit.allowed) {
          const message = retryMessage('password attempts', limit.retryAfterSeconds);
          throw new TooManyRequestsError(limit.retryAfterSeconds, message, {
            fields: { password: message },
            form: {
              url: page,
              render: (errors) => renderCustomer(req, res, target.id, { errors, status: 429 }),
            },
          });
        }
        if (!(await deps.auth.checkPassword(admin, password)))
          throw new ValidationFailedError({ password: WRONG_PASSWORD }, { back: page });
        await deps.limiters.passwordCheck.reset(key);
        req.session.passwordConfirmedAt = now();
        // The password alone does not start it: a second factor, freshly (decision 045), a
        // code or a passkey (decision 052).
        const { passkey } = req.body;
        if (!code && !passkey)
          throw new ValidationFailedError({ code: MESSAGES.needsCode }, { back: page });
        await checkSecondFactor({
          auth: deps.auth,
          limiter: deps.limiters.secondFactor,
          req,
          userId: admin.id,
          proof: passkey ? { passkey } : { code: code ?? '' },
          field: 'code',
          form: {
            url: page,
            render: (errors) => renderCustomer(req, res, target.id, { errors, status: 429 }),
          },
        });
        req.session.secondFactorConfirmedAt = now();
      }

      await database.writeTransaction((tx) =>
        auditTrail(tx, now).record(actorOf(req, admin), {
          action: 'impersonation.start',
          subject: { type: 'user', id: target.id },
          customerId: target.id,
          details: { customer: target.email },
        }),
      );
      await switchSession(req, res, admin, target, deps.cookies);
      res.redirect('/');
    },

    /** The banner's Stop Impersonating: back to the customer's back-office page. */
    async stopImpersonating(req: Request, res: Response) {
      const admin = req.impersonator;
      const customer = req.user;
      if (!admin || !customer) return res.redirect(req.user?.is_admin ? '/admin' : '/');
      await database.writeTransaction((tx) =>
        auditTrail(tx, now).record(actorOf(req, admin), {
          action: 'impersonation.stop',
          subject: { type: 'user', id: customer.id },
          customerId: customer.id,
          details: { customer: customer.email },
        }),
      );
      await switchSession(req, res, admin, null, deps.cookies);
      res.redirect(customerUrl(customer.id));
    },

    async refund(req: SignedIn<Input<RefundBody, { id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const { body } = req;
      const outcome = await service.requestRefund(actorOf(req, req.user), id, {
        reason: body.reason,
        confirmOutsideWindow: body.confirm_outside_window,
        confirmCredited: body.confirm_credited,
      });
      const purchase = await repo.purchaseById(id);
      const back = purchase?.user_id ? customerUrl(purchase.user_id) : '/admin';
      switch (outcome.status) {
        case 'not-found':
          throw new NotFoundError('No such purchase.');
        case 'needs-confirmation':
          throw new ValidationFailedError(
            { confirm_outside_window: MESSAGES.outsideWindow(outcome.ageDays) },
            { back },
          );
        case 'credited':
          throw new ValidationFailedError({ confirm_credited: outcome.message }, { back });
        case 'requested':
          return flashTo(req, res, 'success', MESSAGES.refundRequested, back);
        case 'already-refunded':
          return flashTo(req, res, 'error', MESSAGES.alreadyRefunded, back);
        case 'already-requested':
          return flashTo(req, res, 'error', MESSAGES.alreadyRequested, back);
        case 'not-refundable':
          return flashTo(req, res, 'error', MESSAGES.notRefundable, back);
        case 'failed':
          return flashTo(req, res, 'error', MESSAGES.refundFailed(outcome.message), back);
      }
    },

    async deactivateLicense(req: SignedIn<Request<{ id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const back = await licenseBack(id);
      const outcome = await service.deactivateLicense(actorOf(req, req.user), id);
      if (outcome.status === 'not-found') throw new NotFoundError('No such licence.');
      const ok = outcome.status === 'done';
      return flashTo(
        req,
        res,
        ok ? 'success' : 'error',
        ok ? MESSAGES.deactivated : MESSAGES.alreadyInactive,
        back,
      );
    },

    async reactivateLicense(req: SignedIn<Request<{ id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const back = await licenseBack(id);
      const outcome = await service.reactivateLicense(actorOf(req, req.user), id);
      if (outcome.status === 'not-found') throw new NotFoundError('No such licence.');
      if (outcome.status === 'done')
        return flashTo(req, res, 'success', MESSAGES.reactivated, back);
      const message =
        outcome.status === 'final' ? MESSAGES.finalDeactivation : MESSAGES.alreadyActive;
      return flashTo(req, res, 'error', message, back);
    },

    async moveLicense(req: SignedIn<Input<MoveLicenseBody, { id: string }>>, res: Response) {
      const { email } = req.body;
      const id = pathId(req.params.id);
      const back = await licenseBack(id);
      const outcome = await service.moveLicense(actorOf(req, req.user), id, email);
      switch (outcome.status) {
        case 'not-found':
          throw new NotFoundError('No such licence.');
        case 'done':
          return flashTo(req, res, 'success', MESSAGES.moved(outcome.recipient!), back);
        case 'same':
          throw new ValidationFailedError({ email: MESSAGES.moveSame }, { back });
        default: {
          const message = {
            inactive: MESSAGES.moveInactive,
            'has-team': MESSAGES.moveHasTeam,
          }[outcome.status as string];
          return flashTo(req, res, 'error', message ?? MESSAGES.moveChanged, back);
        }
      }
    },

    async resendLicense(req: SignedIn<Request<{ id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const back = await licenseBack(id);
      const outcome = await service.resendLicense(actorOf(req, req.user), id);
      if (outcome.status === 'not-found') throw new NotFoundError('No such licence.');
      if (outcome.status === 'done')
        return flashTo(req, res, 'success', MESSAGES.resent(outcome.recipient!), back);
      const message =
        outcome.status === 'no-recipient' ? MESSAGES.noRecipient : MESSAGES.resendInactive;
      return flashTo(req, res, 'error', message, back);
    },

    async removeMember(
      req: SignedIn<Request<{ teamId: string; memberId: string }>>,
      res: Response,
    ) {
      const outcome = await service.removeMember(
        actorOf(req, req.user),
        pathId(req.params.teamId),
        pathId(req.params.memberId),
      );
      if (outcome.status === 'not-found') throw new NotFoundError('No such team member.');
      if (outcome.status !== 'removed')
        return flashTo(req, res, 'error', MESSAGES.lastOwner, '/admin');
      return flashTo(
        req,
        res,
        'success',
        MESSAGES.memberRemoved(outcome.email, outcome.team),
        '/admin',
      );
    },

    async auditLog(req: Request, res: Response) {
      const page = pageQuery.parse(req.query.page);
      const [rows, total] = await Promise.all([
        audit.list({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
        audit.count(),
      ]);
      const props: AdminAuditLogPageProps = {
        entries: rows.map(auditRecord),
        pagination: pagination(page, PAGE_SIZE, total),
      };
      return res.inertia('AdminAuditLog', props);
    },

    async webhooks(req: Request, res: Response) {
      const { outcome = null, page = 1 } = webhookListQuery.parse(req.query);
      const [rows, total] = await Promise.all([
        repo.webhookEvents({ outcome, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
        repo.countWebhookEvents(outcome),
      ]);
      const props: AdminWebhooksPageProps = {
        events: rows.map(webhookRecord),
        pagination: pagination(page, PAGE_SIZE, total),
        outcome,
      };
      return res.inertia('AdminWebhooks', props);
    },

    async webhook(req: Request<{ id: string }>, res: Response) {
      const event = await repo.webhookEventById(pathId(req.params.id));
      if (!event) throw new NotFoundError('No such webhook event.');
      const props: AdminWebhookPageProps = {
        event: webhookRecord(event),
        payload: prettyPayload(event.payload),
      };
      return res.inertia('AdminWebhook', props);
    },

    async replayWebhook(req: SignedIn<Request<{ id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const outcome = await service.replayWebhook(actorOf(req, req.user), id);
      if (outcome.status === 'not-found') throw new NotFoundError('No such webhook event.');
      const back = `/admin/webhooks/${id}`;
      if (outcome.status === 'failed')
        return flashTo(req, res, 'error', MESSAGES.replayFailed(outcome.message), back);
      return flashTo(req, res, 'success', MESSAGES.replayed(outcome.outcome), back);
    },

    /** Each job queue's backlog by state and its latest failures (never a payload). */
    async queues(_req: Request, res: Response) {
      const props: AdminQueuesPageProps = {
        queues: await Promise.all(
          deps.queues.map(async (queue) => {
            const [backlog, failures] = await Promise.all([
              queue.queue.backlog(),
              queue.queue.failures(PAGE_SIZE),
            ]);
            return queueRecord(queue, backlog, failures);
          }),
        ),
      };
      return res.inertia('AdminQueues', props);
    },

    async retryJob(req: SignedIn<Request<{ queue: string; id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const outcome = await service.retryJob(actorOf(req, req.user), req.params.queue, id);
      if (outcome.status === 'not-found') throw new NotFoundError('No such queue.');
      const label = deps.queues.find((queue) => queue.name === req.params.queue)!.label;
      if (outcome.status === 'not-failed')
        return flashTo(req, res, 'error', MESSAGES.jobNotFailed(id), '/admin/queues');
      return flashTo(req, res, 'success', MESSAGES.jobRetried(label, id), '/admin/queues');
    },

    async pageViews(_req: Request, res: Response) {
      const since = now() - REPORT_DAYS * 24 * 60 * 60 * 1000;
      const rows = await pageViews(database.db, now).report(since);
      return res.inertia('AdminPageViews', { days: REPORT_DAYS, rows });
    },
  };
}
