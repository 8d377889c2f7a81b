import type { Request, RequestHandler } from 'express';
import type { DatabaseHandle } from '../../db/database.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import { IMPERSONATION_REFUSED } from '../auth/index.ts';
import { auditTrail } from './repository/audit.ts';

/**
 * What an operator acting as a customer may do (decision 042): one table, one middleware.
 *
 * - `refuse`: 403 with the reason; nothing runs. Money (paying, refunds), the customer's
 *   credentials and sessions, and changes to other people (a team's roles and members).
 * - `audit`: the route runs, after an `impersonation.act` entry naming the operator (the actor)
 *   and the customer, with what was done (`act`) and the route's pattern (never its secrets).
 * - `end`: signing out; the `impersonation.stop` entry is written, then the route runs.
 * - `own`: the route audits itself (stopping the impersonation).
 * - `hidden`: the back office, which an impersonating session must not see: the 404 everyone
 *   but an operator gets.
 *
 * A state change (any method but GET, HEAD, OPTIONS) that no row names is refused: a route
 * added to the store is refused to impersonating sessions until it gets its row here. A read
 * is allowed unless a row names it (opening a checkout starts a payment: refused).
 */
type Rule =
  { refuse: string } | { audit: string } | { end: true } | { own: true } | { hidden: true };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';

export const MONEY_REFUSED =
  'You are impersonating this customer: paying, refunding and receipts are theirs alone.';
export const PEOPLE_REFUSED =
  'You are impersonating this customer: changing who is in their team and their roles is done from the back office.';
export const TAKING_REFUSED =
  'You are impersonating this customer: what they copy is recorded when they copy it, not when you do.';
export const UNLISTED_REFUSED =
  'You are impersonating this customer: this change is not one an operator may make for them.';

export const IMPERSONATION_RULES: readonly (readonly [Method, string, Rule])[] = [
  // Credentials, sessions and signing in: the customer's own.
  ['POST', '/login', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/logout', { end: true }],
  ['POST', '/logout/other', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/password/email', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/password/reset', { refuse: IMPERSONATION_REFUSED }],
  ['PUT', '/account-settings/email', { refuse: IMPERSONATION_REFUSED }],
  ['PUT', '/account-settings/password', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/login/second-factor', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/two-factor', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/two-factor/confirm', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/two-factor/disable', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/two-factor/recovery-codes', { refuse: IMPERSONATION_REFUSED }],
  // Passkeys (decision 052): the customer's own credentials, like TOTP.
  ['POST', '/login/second-factor/passkey-options', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/login/second-factor/passkey', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/passkeys/registration-options', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/passkeys', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/passkeys/authentication-options', { refuse: IMPERSONATION_REFUSED }],
  ['PUT', '/account-settings/passkeys/:id', { refuse: IMPERSONATION_REFUSED }],
  ['DELETE', '/account-settings/passkeys/:id', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account/tokens', { refuse: IMPERSONATION_REFUSED }],
  ['DELETE', '/account/tokens/:id', { refuse: IMPERSONATION_REFUSED }],
  // The customer's data: its export and the account's deletion (decision 060).
  ['POST', '/account-settings/data', { refuse: IMPERSONATION_REFUSED }],
  ['POST', '/account-settings/delete', { refuse: IMPERSONATION_REFUSED }],
  // What the customer copied, for 'Your updates' (decision 065): an operator's copy is not theirs.
  ['POST', '/your-updates/copies', { refuse: TAKING_REFUSED }],
  // Money: opening a checkout (it starts a transaction), paying, refunds, receipts.
  ['GET', '/checkout/:slug', { refuse: MONEY_REFUSED }],
  ['POST', '/sandbox-checkout/:transactionId/details', { refuse: MONEY_REFUSED }],
  ['POST', '/sandbox-checkout/:transactionId/pay', { refuse: MONEY_REFUSED }],
  ['POST', '/sandbox-receipts/:transactionId/refund', { refuse: MONEY_REFUSED }],
  ['POST', '/sandbox-receipts/:transactionId/business-address', { refuse: MONEY_REFUSED }],
  // Other people: a team's members and roles.
  ['PATCH', '/teams/:id/members/:memberId', { refuse: PEOPLE_REFUSED }],
  ['DELETE', '/teams/:id/members/:memberId', { refuse: PEOPLE_REFUSED }],
  // Helping the customer along: done, and recorded.
  ['PATCH', '/licenses/:key', { audit: 'redeem a licence' }],
  ['POST', '/teams/:id/members', { audit: 'join a team' }],
  ['PATCH', '/teams/:id', { audit: 'rename a team' }],
  ['DELETE', '/teams/:id/invite-link', { audit: 'reset a team invite link' }],
  ['PUT', '/snippet-language', { audit: 'choose the snippet language' }],
  ['PUT', '/preview-color-scheme', { audit: 'choose the preview colour scheme' }],
  ['PUT', '/preview-width', { audit: 'choose the preview width' }],
  ['PUT', '/color-scheme', { audit: 'choose the colour scheme' }],
  ['POST', '/newsletter', { audit: 'subscribe to the newsletter' }],
  // The impersonation itself, and the back office it hides.
  ['DELETE', '/impersonate', { own: true }],
  ['ALL', '/admin', { hidden: true }],
  ['ALL', '/admin/*', { hidden: true }],
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route pattern as Express matches it by default: case-insensitive, a trailing slash allowed. */
function compile(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

const COMPILED = IMPERSONATION_RULES.map(([method, pattern, rule]) => ({
  method,
  pattern,
  rule,
  regex: compile(pattern),
}));

export interface ImpersonationDecision {
  rule: Rule | null;
  /** The matched row's pattern (what the audit entry names instead of the real path). */
  pattern: string | null;
}

/** The row for a request; HEAD is read as GET, as Express routes it. */
export function impersonationRuleFor(method: string, path: string): ImpersonationDecision {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  for (const row of COMPILED) {
    if ((row.method === 'ALL' || row.method === verb) && row.regex.test(path))
      return { rule: row.rule, pattern: row.pattern };
  }
  return { rule: null, pattern: null };
}

/**
 * Applies the table to every request of an impersonating session (after the CSRF check, before
 * any route). Other sessions pass untouched.
 */
export function impersonationPolicy(deps: {
  database: DatabaseHandle;
  now: () => number;
}): RequestHandler {
  return async (req: Request, _res, next) => {
    const admin = req.impersonator;
    const customer = req.user;
    if (!admin || !customer) return next();
    const { rule, pattern } = impersonationRuleFor(req.method, req.path);
    if (!rule) {
      if (SAFE_METHODS.has(req.method.toUpperCase())) return next();
      throw new ForbiddenError(UNLISTED_REFUSED);
    }
    if ('hidden' in rule) throw new NotFoundError();
    if ('refuse' in rule) throw new ForbiddenError(rule.refuse);
    if ('own' in rule) return next();
    const actor = { id: admin.id, email: admin.email, ip: req.ip };
    await deps.database.writeTransaction((tx) =>
      auditTrail(tx, deps.now).record(
        actor,
        'end' in rule
          ? {
              action: 'impersonation.stop',
              subject: { type: 'user', id: customer.id },
              customerId: customer.id,
              details: { customer: customer.email, via: 'sign-out' },
            }
          : {
              action: 'impersonation.act',
              subject: { type: 'user', id: customer.id },
              customerId: customer.id,
              details: {
                customer: customer.email,
                act: rule.audit,
                route: `${req.method.toUpperCase()} ${pattern}`,
              },
            },
      ),
    );
    next();
  };
}
