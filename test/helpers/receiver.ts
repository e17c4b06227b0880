// A webhook receiver on 127.0.0.1 that records the raw bytes and headers of every call.
import http from 'node:http';

export interface ReceivedCall {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Receiver {
  url: string;
  calls: ReceivedCall[];
  /** Status to answer with (default 200). */
  status: number;
  waitFor(predicate: (c: ReceivedCall) => boolean, timeoutMs?: number): Promise<ReceivedCall>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const calls: ReceivedCall[] = [];
  const waiters: { predicate: (c: ReceivedCall) => boolean; resolve: (c: ReceivedCall) => void }[] = [];
  const receiver = { calls, status: 200 } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      calls.push(call);
      res.statusCode = receiver.status;
      res.setHeader('Content-Type', 'text/plain');
      res.end('ok');
      for (const w of [...waiters]) {
        if (w.predicate(call)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(call);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${address.port}`;
  receiver.waitFor = (predicate, timeoutMs = 60_000) => {
    const existing = calls.find(predicate);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching webhook within ${timeoutMs} ms (got ${calls.length} calls)`)), timeoutMs);
      waiters.push({ predicate, resolve: (c) => (clearTimeout(timer), resolve(c)) });
    });
  };
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
