import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogger } from '../test/helpers.ts';
import { createShutdown, listen, serverUrl } from './server.ts';

function get(
  url: string,
  agent?: Agent,
): Promise<{ status: number; body: string; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, response }));
    })
      .on('error', reject)
      .end();
  });
}

const agents: Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

function slowApp() {
  const app = express();
  let release: () => void = () => undefined;
  const started = new Promise<void>((resolveStarted) => {
    app.get('/slow', (_req, res) => {
      resolveStarted();
      new Promise<void>((resolve) => (release = resolve)).then(() => res.send('finished'));
    });
  });
  app.get('/fast', (_req, res) => {
    res.send('fast');
  });
  return { app, started, release: () => release() };
}

/** A listening slow app with one request under way that will not finish by itself. */
async function slowRequestInFlight() {
  const { app, started } = slowApp();
  const server = await listen(app, { host: '127.0.0.1', port: 0 });
  const inFlight = get(`${serverUrl(server)}/slow`).catch((error: Error) => error);
  await started;
  return { server, inFlight };
}

describe('listen and graceful shutdown', () => {
  it('listens on a free port and reports its URL', async () => {
    const server = await listen(express(), { host: '127.0.0.1', port: 0 });
    expect(serverUrl(server)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await new Promise((resolve) => server.close(resolve));
  });

  it('finishes in-flight requests, closes idle keep-alive sockets, then stops', async () => {
    const { logger } = captureLogger();
    const { app, started, release } = slowApp();
    const server = await listen(app, { host: '127.0.0.1', port: 0 });
    const url = serverUrl(server);
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);

    // An idle keep-alive connection must not hold the shutdown up.
    expect((await get(`${url}/fast`, agent)).body).toBe('fast');

    const inFlight = get(`${url}/slow`);
    await started;
    let onClosedRan = false;
    const done = createShutdown(server, {
      logger,
      onClosed: () => {
        onClosedRan = true;
      },
    })('test');

    await expect(get(`${url}/fast`)).rejects.toThrow(/ECONNREFUSED/);
    release();
    const response = await inFlight;
    expect(response.body).toBe('finished');
    expect(await done).toEqual({ forced: false });
    expect(onClosedRan).toBe(true);
    expect(server.listening).toBe(false);
  });

  it('gives up on connections that outlive the timeout', async () => {
    const { logger, lines } = captureLogger();
    const { server, inFlight } = await slowRequestInFlight();

    const result = await createShutdown(server, { logger, timeoutMs: 50 })('test');
    expect(result).toEqual({ forced: true });
    expect(await inFlight).toBeInstanceOf(Error);
    expect(lines.some((line) => line.msg.includes('timed out'))).toBe(true);
  });

  it('drains first: readiness turns at once, requests are still served, then the listener closes', async () => {
    const { logger } = captureLogger();
    const app = express();
    let draining = false;
    app.get('/healthz', (_req, res) => {
      res.status(draining ? 503 : 200).end();
    });
    app.get('/page', (_req, res) => {
      res.send('page');
    });
    const server = await listen(app, { host: '127.0.0.1', port: 0 });
    const url = serverUrl(server);
    const shutdown = createShutdown(server, {
      logger,
      // Long enough that only the test ends it (by closing the listener itself below).
      drainMs: 60_000,
      timeoutMs: 120_000,
      onDraining: () => {
        draining = true;
      },
    });
    const done = shutdown('test');
    expect(draining).toBe(true);
    expect((await get(`${url}/healthz`)).status).toBe(503);
    const page = await get(`${url}/page`);
    expect(page.body).toBe('page');
    // Each response asks the client for a new connection, which the balancer routes elsewhere.
    expect(page.response.headers.connection).toBe('close');
    expect(server.listening).toBe(true);
    server.close();
    await expect.poll(() => server.listening).toBe(false);
    void done;
  });

  it('cuts what is still open at the deadline, counted from the signal, drain included', async () => {
    const { logger } = captureLogger();
    const { server, inFlight } = await slowRequestInFlight();
    const result = await createShutdown(server, { logger, drainMs: 60_000, timeoutMs: 100 })(
      'test',
    );
    expect(result).toEqual({ forced: true });
    expect(await inFlight).toBeInstanceOf(Error);
  });
});
