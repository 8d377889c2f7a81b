import type { AdminQueuesPageProps } from '@tessera/pages';
import { describe, expect, it } from 'vitest';
import { backOfficeApp } from '../../../test/back-office.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { MAIL_MAX_ATTEMPTS } from '../../mail/queue.ts';
import { newLicenseKey } from '../shared/index.ts';
import { MESSAGES } from './controller.ts';
import { redactError } from './presenter.ts';

const store = await backOfficeApp();
const { db } = store;

async function queues(browser: TestBrowser) {
  const response = await browser.visit('/admin/queues');
  expect(response.status).toBe(200);
  const page = response.body as {
    component: string;
    props: AdminQueuesPageProps;
    flash: { success?: string; error?: string };
  };
  expect(page.component).toBe('AdminQueues');
  return { ...page.props, flash: page.flash, text: JSON.stringify(page) };
}

/** A licence e-mail job as a purchase writes it, with its key in the payload. */
async function mailJob(input: { attempts: number; error: string | null; age: number }) {
  const key = newLicenseKey();
  const now = Date.now();
  const { id } = await db
    .insertInto('mail_jobs')
    .values({
      template: 'license',
      recipient: `queue-${now.toString(36)}@example.com`,
      payload: JSON.stringify({ productName: 'All-access', licenseKey: key, upgrade: false }),
      attempts: input.attempts,
      next_attempt_at: now + 60 * 60_000,
      claimed_until: null,
      sent_at: null,
      last_error: input.error,
      created_at: now - input.age,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, key };
}

describe(`the back office's queues (${TEST_DATABASE})`, () => {
  it('shows each queue by state, its oldest wait, and failures without payloads or secrets', async () => {
    const operator = await store.admin();
    const before = await queues(operator.browser);
    const waiting = await mailJob({ attempts: 0, error: null, age: 3 * 60 * 60_000 });
    const secret = 'hunter2-very-secret';
    const gaveUp = await mailJob({
      attempts: MAIL_MAX_ATTEMPTS,
      error: `Invalid login for smtp://mailer:${secret}@smtp.example.com with key ${newLicenseKey()}`,
      age: 60_000,
    });
    const after = await queues(operator.browser);

    expect(after.queues.map((queue) => queue.name)).toEqual(['mail', 'webhooks']);
    const [mailBefore, mail] = [before.queues[0]!, after.queues[0]!];
    expect(mail.label).toBe('Mail');
    expect(mail.counts.waiting - mailBefore.counts.waiting).toBe(1);
    expect(mail.counts.gaveUp - mailBefore.counts.gaveUp).toBe(1);
    expect(mail.oldestWaitingSeconds).toBeGreaterThanOrEqual(3 * 60 * 60);
    const failure = mail.failures.find((job) => job.id === gaveUp.id);
    expect(failure).toMatchObject({
      gaveUp: true,
      attempts: MAIL_MAX_ATTEMPTS,
      nextAttemptAt: null,
      subject: expect.stringMatching(/^Licence e-mail to queue-/),
      retryUrl: `/admin/queues/mail/jobs/${gaveUp.id}/retry`,
    });
    expect(failure!.lastError).toContain('smtp://[redacted]@smtp.example.com');
    // Nothing of a message's body, its licence key, or a credential reaches the page.
    expect(after.text).not.toContain(secret);
    expect(after.text).not.toContain(gaveUp.key);
    expect(after.text).not.toContain(waiting.key);
    expect(after.text).not.toContain('licenseKey');
    expect(mail.failures.some((job) => job.id === waiting.id)).toBe(false);
  });

  it('retries a failed job now with every attempt, audited; a job not failed is refused', async () => {
    const operator = await store.admin();
    const job = await mailJob({ attempts: MAIL_MAX_ATTEMPTS, error: 'SMTP 554', age: 1000 });
    const response = await operator.browser.submit(
      'post',
      `/admin/queues/mail/jobs/${job.id}/retry`,
    );
    expect(response.status).toBe(302);
    const row = await db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect(row.next_attempt_at).toBeLessThanOrEqual(Date.now());
    const entries = (await store.auditOf('job.retry')).filter(
      (entry) => entry.subject_id === job.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_email: operator.email, subject_type: 'mail_job' });
    expect(JSON.parse(entries[0]!.details)).toEqual({
      queue: 'Mail',
      job: `Licence e-mail to ${row.recipient}`,
    });
    expect(entries[0]!.details).not.toContain(job.key);
    const page = await queues(operator.browser);
    expect(page.flash.success).toBe(MESSAGES.jobRetried('Mail', job.id));

    // Done jobs and jobs that never failed are not retried, and nothing is audited.
    const fresh = await mailJob({ attempts: 0, error: null, age: 0 });
    await operator.browser.submit('post', `/admin/queues/mail/jobs/${fresh.id}/retry`);
    expect((await queues(operator.browser)).flash.error).toBe(MESSAGES.jobNotFailed(fresh.id));
    expect((await store.auditOf('job.retry')).some((e) => e.subject_id === fresh.id)).toBe(false);
    // An unknown queue, or a job id that is not one, is a 404.
    expect((await operator.browser.submit('post', '/admin/queues/sms/jobs/1/retry')).status).toBe(
      404,
    );
    expect(
      (await operator.browser.submit('post', '/admin/queues/mail/jobs/abc/retry')).status,
    ).toBe(404);
  });

  it('refuses odd queue names and job ids with a 404, touching no job and auditing nothing', async () => {
    const operator = await store.admin();
    const job = await mailJob({ attempts: MAIL_MAX_ATTEMPTS, error: 'SMTP 554', age: 0 });
    const auditedBefore = (await store.auditOf('job.retry')).length;
    // [path, status]: a NUL byte is refused by the input guard (422), and a path that is not
    // UTF-8 by the router (400), before any route runs.
    const paths: [string, number][] = [
      // Queue names that are not one: case, encodings, prototype keys, invalid UTF-8, huge.
      [`/admin/queues/MAIL/jobs/${job.id}/retry`, 404],
      [`/admin/queues/%6Dail%00/jobs/${job.id}/retry`, 422],
      [`/admin/queues/mail%2500/jobs/${job.id}/retry`, 404],
      [`/admin/queues/__proto__/jobs/${job.id}/retry`, 404],
      [`/admin/queues/constructor/jobs/${job.id}/retry`, 404],
      [`/admin/queues/%ED%A0%80/jobs/${job.id}/retry`, 400],
      [`/admin/queues/${'m'.repeat(5000)}/jobs/${job.id}/retry`, 404],
      // Job ids that are not a plain positive integer, or are past any row.
      [`/admin/queues/mail/jobs/0/retry`, 404],
      [`/admin/queues/mail/jobs/-${job.id}/retry`, 404],
      [`/admin/queues/mail/jobs/${job.id}.0/retry`, 404],
      [`/admin/queues/mail/jobs/0x${job.id.toString(16)}/retry`, 404],
      [`/admin/queues/mail/jobs/1e3/retry`, 404],
      [`/admin/queues/mail/jobs/%20${job.id}/retry`, 404],
      [`/admin/queues/mail/jobs/${job.id}%00/retry`, 422],
      [`/admin/queues/mail/jobs/99999999999999999999999/retry`, 404],
    ];
    for (const [path, status] of paths) {
      const response = await operator.browser.submit('post', path);
      expect([path, response.status]).toEqual([path, status]);
    }
    const row = await db
      .selectFrom('mail_jobs')
      .select('attempts')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(await store.auditOf('job.retry')).toHaveLength(auditedBefore);
  });

  it('retries a job once when two operators ask at the same moment: one audit entry', async () => {
    const [first, second] = [await store.admin(), await store.admin()];
    const job = await mailJob({ attempts: MAIL_MAX_ATTEMPTS, error: 'SMTP 554', age: 0 });
    const answers = await Promise.all(
      [first, second].map((operator) =>
        operator.browser.submit('post', `/admin/queues/mail/jobs/${job.id}/retry`),
      ),
    );
    expect(answers.map((response) => response.status)).toEqual([302, 302]);
    const entries = (await store.auditOf('job.retry')).filter((e) => e.subject_id === job.id);
    expect(entries).toHaveLength(1);
    const flashes = [(await queues(first.browser)).flash, (await queues(second.browser)).flash];
    expect(
      flashes.filter((flash) => flash.success === MESSAGES.jobRetried('Mail', job.id)),
    ).toHaveLength(1);
    expect(flashes.filter((flash) => flash.error === MESSAGES.jobNotFailed(job.id))).toHaveLength(
      1,
    );
  });

  it('is a 404 for a customer, with nothing retried (the matrix has every role)', async () => {
    const job = await mailJob({ attempts: MAIL_MAX_ATTEMPTS, error: 'SMTP 554', age: 0 });
    const customer = await store.person('queue-customer');
    const signedIn = await store.signIn(customer.email);
    expect((await signedIn.visit('/admin/queues')).status).toBe(404);
    expect((await signedIn.submit('post', `/admin/queues/mail/jobs/${job.id}/retry`)).status).toBe(
      404,
    );
    const row = await db
      .selectFrom('mail_jobs')
      .select('attempts')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAIL_MAX_ATTEMPTS);
  });
});

describe('a job error as the back office shows it', () => {
  it('takes out credentials, query strings, licence keys and tokens', () => {
    const key = newLicenseKey();
    const text = redactError(
      `smtp://user:pa55@mail.example.com refused ${key}; POST https://hooks.example.com/in?token=abc123 failed; bearer ${'x'.repeat(32)}`,
    );
    expect(text).toBe(
      'smtp://[redacted]@mail.example.com refused [redacted]; POST https://hooks.example.com/in?[redacted] failed; bearer [redacted]',
    );
    expect(redactError('connect ETIMEDOUT 10.0.0.25:587')).toBe('connect ETIMEDOUT 10.0.0.25:587');
    expect(redactError('error '.repeat(150))).toHaveLength(500);
  });
});
