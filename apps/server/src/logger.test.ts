import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.ts';

async function logged(
  write: (logger: Awaited<ReturnType<typeof createLogger>>) => void,
): Promise<string> {
  const lines: string[] = [];
  const logger = await createLogger(
    { logLevel: 'info', nodeEnv: 'production' },
    { write: (line) => lines.push(line) },
  );
  write(logger);
  return lines.join('');
}

describe('logger', () => {
  it('never logs passwords, tokens, cookies or authorization headers', async () => {
    const output = await logged((logger) => {
      logger.info(
        { password: 'hunter2', body: { new_password: 'hunter3', token: 'tok-1' } },
        'form',
      );
      logger.info(
        { req: { headers: { cookie: 'tessera_flash=abc', authorization: 'Bearer xyz' } } },
        'req',
      );
      logger.info({ config: { sessionSecret: 'super-secret-value' } }, 'config');
    });
    for (const secret of [
      'hunter2',
      'hunter3',
      'tok-1',
      'tessera_flash=abc',
      'Bearer xyz',
      'super-secret-value',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
  });

  it('masks secrets carried in URLs', () => {
    expect(redactUrl('/password/reset/5f2b9c?email=a%40b.c')).toBe(
      '/password/reset/[redacted]?email=a%40b.c',
    );
    expect(redactUrl('/licenses/ABCD-1234')).toBe('/licenses/[redacted]');
    expect(redactUrl('/teams/3/members?invite_token=zzz&x=1')).toBe(
      '/teams/3/members?invite_token=[redacted]&x=1',
    );
    expect(redactUrl('/components')).toBe('/components');
  });
});
