// The target of SSRF attempts: an HTTP server on loopback that logs every connection it accepts, so a
// case can assert that nothing reached it; and a redirector on another loopback address that a
// deployment is allowed to reach, answering with redirects to the target.
import http from 'node:http';
import type net from 'node:net';

export interface LoggingServer {
  /** Base URL, e.g. http://127.0.0.1:1234 */
  url: string;
  port: number;
  /** Connections accepted (on any of the addresses it listens on), with the remote address. */
  connections: string[];
  /** Requests read: method and path. */
  requests: string[];
  close(): Promise<void>;
}

async function listen(server: http.Server, host: string, port: number): Promise<number | null> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** A server on `host` (and, for 127.0.0.1, on [::1] with the same port when the machine has IPv6 loopback). */
export async function startLoggingServer(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<LoggingServer> {
  const connections: string[] = [];
  const requests: string[] = [];
  const make = () => {
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      handler(req, res);
    });
    server.on('connection', (socket: net.Socket) => connections.push(`${socket.remoteAddress}:${socket.remotePort}`));
    return server;
  };
  const primary = make();
  const port = await listen(primary, host, 0);
  if (port === null) throw new Error(`cannot listen on ${host}`);
  const servers = [primary];
  if (host === '127.0.0.1') {
    const v6 = make();
    if ((await listen(v6, '::1', port)) !== null) servers.push(v6);
  }
  return {
    url: `http://${host}:${port}`,
    port,
    connections,
    requests,
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
    },
  };
}

/** The SSRF target: anything reaching it gets a body worth stealing. */
export function startTarget(): Promise<LoggingServer> {
  return startLoggingServer('127.0.0.1', (_req, res) => {
    res.setHeader('Content-Type', 'image/png');
    res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
  });
}

/** A server on an allowed address that redirects `/to?u=<url>` to `<url>` (302, or `code=` 301/303/307/308). */
export function startRedirector(host: string): Promise<LoggingServer> {
  return startLoggingServer(host, (req, res) => {
    const query = new URL(req.url ?? '/', 'http://redirector').searchParams;
    const to = query.get('u');
    if (!to) {
      res.statusCode = 404;
      return res.end();
    }
    res.statusCode = Number(query.get('code') ?? 302);
    res.setHeader('Location', to);
    res.end();
  });
}
