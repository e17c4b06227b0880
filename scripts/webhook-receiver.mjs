#!/usr/bin/env node
// A webhook receiver to copy: verifies the Standard Webhooks signature (and X-Hub-Signature-256),
// refuses stale timestamps, and handles each webhook-id once. Self-contained: Node 18+ only.
// Usage: node scripts/webhook-receiver.mjs [port=9000] [secret ...]   (or SIGNING_SECRET=...)
// Give two secrets while one is being rotated (new first): a delivery signed with either is accepted.
import crypto from 'node:crypto';
import http from 'node:http';

const port = Number(process.argv[2] ?? 9000);
const secrets = process.argv.slice(3).length ? process.argv.slice(3) : [process.env.SIGNING_SECRET].filter(Boolean);
const TOLERANCE_SECONDS = 5 * 60;
/** How long a webhook-id is remembered: longer than the retry schedule (about 28 h). */
const REMEMBER_MS = 48 * 3600_000;

const sameText = (a, b) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Standard Webhooks: any "v1,<base64>" in webhook-signature over "{id}.{timestamp}.{body}". The key is the secret's UTF-8 bytes. */
function verifyStandard(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'missing webhook-id, webhook-timestamp or webhook-signature';
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return 'timestamp outside 5 minutes';
  const given = signatures.split(' ');
  for (const secret of secrets) {
    const mac = crypto.createHmac('sha256', secret).update(`${id}.${timestamp}.`).update(body).digest('base64');
    if (given.some((g) => sameText(g, `v1,${mac}`))) return null;
  }
  return 'no signature matches';
}

/** The older header: base64(HMAC-SHA256(body)) with the current secret. */
function verifyHub(headers, body) {
  const given = headers['x-hub-signature-256'];
  if (!given) return 'missing X-Hub-Signature-256';
  const ok = secrets.some((s) => sameText(given, crypto.createHmac('sha256', s).update(body).digest('base64')));
  return ok ? null : 'X-Hub-Signature-256 does not match';
}

const seen = new Map(); // webhook-id -> when first handled
function firstTime(id) {
  const now = Date.now();
  for (const [key, at] of seen) if (now - at > REMEMBER_MS) seen.delete(key);
  if (seen.has(id)) return false;
  seen.set(id, now);
  return true;
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks); // verify the raw bytes, before any JSON parsing
      const id = req.headers['webhook-id'] ?? '(no webhook-id)';
      const line = `${new Date().toISOString()} ${req.method} ${req.url} ${id}`;
      if (secrets.length) {
        const refused = verifyStandard(req.headers, body) ?? verifyHub(req.headers, body);
        if (refused) {
          console.log(`${line} REFUSED: ${refused}`);
          res.writeHead(401).end();
          return;
        }
      }
      if (!firstTime(id)) {
        console.log(`${line} duplicate, already handled`);
        res.writeHead(200).end();
        return;
      }
      console.log(`${line} ${secrets.length ? 'signature VALID' : 'not verified (no secret given)'}\n${body.toString('utf8')}\n`);
      res.writeHead(200).end();
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`webhook receiver on http://127.0.0.1:${port}/ (${secrets.length} secret(s))`));
