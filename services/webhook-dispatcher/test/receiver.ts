// A webhook receiver on 127.0.0.1 for the dispatcher's tests: records each call; answers with the
// status (and headers) set for the moment, or holds the request when `hold` is set.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Call {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface TestReceiver {
  url: string;
  calls: Call[];
  answer: { status: number; headers?: Record<string, string> };
  /** Called when a request has arrived, before it is answered. */
  onCall?: (call: Call) => Promise<void> | void;
  /** Leave requests unanswered (a receiver that hangs). */
  hold: boolean;
  close(): Promise<void>;
}

export async function startTestReceiver(): Promise<TestReceiver> {
  const receiver = { calls: [] as Call[], answer: { status: 200 }, hold: false } as TestReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { headers: req.headers, body: Buffer.concat(chunks) };
      receiver.calls.push(call);
      void Promise.resolve(receiver.onCall?.(call)).then(() => {
        if (receiver.hold) return;
        res.writeHead(receiver.answer.status, receiver.answer.headers);
        res.end();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return receiver;
}
