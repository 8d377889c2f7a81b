import { createServer, Socket, type AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a real server (PostgreSQL) that can stall: while stalled, bytes in
 * both directions are held, as with a frozen database host or a dead network path. Connections
 * stay open, so only timeouts can end what waits on them.
 */
export interface StallProxy {
  port: number;
  /** Rewrites a URL's host and port to go through the relay. */
  url(target: string): string;
  stall(): void;
  resume(): void;
  /** Cuts every connection and refuses new ones, as a stopped server does; `resume` listens again. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function stallProxy(targetHost: string, targetPort: number): Promise<StallProxy> {
  let stalled = false;
  let stopped = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    const relay = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => {
        if (!to.write(chunk)) from.pause();
      });
      to.on('drain', () => {
        if (!stalled) from.resume();
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    };
    relay(client, upstream);
    relay(upstream, client);
    if (stalled) {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url(target) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
      if (stopped) {
        stopped = false;
        server.listen(port, '127.0.0.1');
      }
    },
    async stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (stopped) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
