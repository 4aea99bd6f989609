/**
 * A TCP proxy on a random loopback port in front of a real server (PostgreSQL, Redis), so a test can
 * take that server away from the app and bring it back without stopping the shared one: cut() ends
 * every open connection (as a restart does) and refuses new ones until restore().
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Ends every connection and refuses new ones (a restarting or stopped server). */
  cut(): void;
  /** Accepts connections again. */
  restore(): void;
  /** Holds new connections open without answering (a server that hangs rather than refuses). */
  blackhole(): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'blackhole' = 'open';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'cut') return void client.destroy();
    if (mode === 'blackhole') return; // accepted, never answered
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port,
    cut() {
      mode = 'cut';
      dropAll();
    },
    blackhole() {
      mode = 'blackhole';
      dropAll();
    },
    restore() {
      mode = 'open';
      for (const s of sockets) s.destroy(); // the blackholed ones
      sockets.clear();
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
