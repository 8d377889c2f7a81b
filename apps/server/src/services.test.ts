import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogger, testConfig } from '../test/helpers.ts';
import { testServicesEnv } from '../test/services.ts';
import { createServices, type Services } from './services.ts';

// A Redis of our own that the test may stop (never the shared one on 6379).
const PORT = 6387;
let redis: ChildProcess | undefined;
let services: Services | undefined;

async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(PORT), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(() => expect(output).toContain('Ready to accept connections'), {
    timeout: 10_000,
  });
  return child;
}

afterEach(async () => {
  await services?.close();
  services = undefined;
  if (redis && redis.exitCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
  redis = undefined;
  vi.restoreAllMocks();
});

describe('createServices with Redis', () => {
  it('logs a Redis outage as one JSON warning per burst, never as ioredis text, and its return', async () => {
    redis = await startRedis();
    const { logger, lines } = captureLogger();
    const printed = vi.spyOn(console, 'error');
    const config = testConfig({
      ...(await testServicesEnv()),
      REDIS_URL: `redis://127.0.0.1:${PORT}`,
    });
    services = await createServices(config, logger, { redisPrefix: 'tessera-test-outage:' });
    let reconnects = 0;
    services.redis!.on('reconnecting', () => (reconnects += 1));

    redis.kill('SIGKILL');
    await once(redis, 'exit');
    await vi.waitFor(() => expect(reconnects).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
    const warnings = lines.filter((line) => line.msg === 'Redis connection error');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, err: { message: expect.any(String) } });
    expect(printed).not.toHaveBeenCalled();

    redis = await startRedis();
    await vi.waitFor(
      () => expect(lines.some((line) => line.msg === 'Redis connection ready again')).toBe(true),
      { timeout: 20_000 },
    );
  }, 60_000);
});
