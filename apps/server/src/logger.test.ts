import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, jsonOnly, redactUrl } from './logger.ts';

const originalConsole = { ...console };
afterEach(() => {
  Object.assign(console, originalConsole);
});

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

  it('turns console output, warnings and uncaught errors into single JSON lines', async () => {
    const lines: string[] = [];
    const logger = await createLogger(
      { logLevel: 'info', nodeEnv: 'production' },
      { write: (line) => lines.push(line) },
    );
    const fakeProcess = Object.assign(new EventEmitter(), { exit: (_code?: number) => undefined });
    let exitCode: number | undefined;
    fakeProcess.exit = (code) => {
      exitCode = code;
    };
    jsonOnly(logger, fakeProcess as unknown as NodeJS.Process);

    console.error('[ioredis] Unhandled error event:', new Error('connect ECONNREFUSED'));
    console.log('plain %s', 'words');
    fakeProcess.emit('warning', new Error('A deprecated thing'));
    fakeProcess.emit('uncaughtException', new Error('nobody caught me'));

    // One entry per line, each a JSON object; a stack stays inside its entry.
    const entries = lines
      .join('')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({ level: 50, msg: '[ioredis] Unhandled error event:' });
    expect(entries[0].err.stack).toContain('connect ECONNREFUSED\n    at ');
    expect(entries[1]).toMatchObject({ level: 30, msg: 'plain words' });
    expect(entries[2]).toMatchObject({ level: 40, msg: 'A deprecated thing' });
    expect(entries[3]).toMatchObject({ level: 60, msg: 'Uncaught exception: exiting' });
    expect(exitCode).toBe(1);
  });
});
