// Reads an HTTP answer once, into what the client needs of it: the status, the body (JSON parsed,
// text, or bytes for media), and Retry-After.
import { retryAfterMs } from './retry-after.ts';

export type BodyKind = 'json' | 'text' | 'bytes';

export interface Answer {
  status: number;
  body: unknown;
  retryAfterSeconds: number | null;
}

export async function readAnswer(res: Response, kind: BodyKind = 'json'): Promise<Answer> {
  const retryAfter = retryAfterMs(res.headers.get('retry-after'));
  const retryAfterSeconds = retryAfter === null ? null : retryAfter / 1000;
  // Refusals are JSON whatever the route answers on success.
  if (kind === 'bytes' && res.ok) return { status: res.status, body: new Uint8Array(await res.arrayBuffer()), retryAfterSeconds };
  const text = await res.text();
  if (kind === 'text' && res.ok) return { status: res.status, body: text, retryAfterSeconds };
  return { status: res.status, body: parseJsonOrText(text), retryAfterSeconds };
}

function parseJsonOrText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
