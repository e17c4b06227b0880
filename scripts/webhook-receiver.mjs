#!/usr/bin/env node
// A webhook receiver for trying the service by hand: prints each call and whether its signature is valid.
// Usage: node scripts/webhook-receiver.mjs [port=9000] [signing-secret]
import crypto from 'node:crypto';
import http from 'node:http';

const port = Number(process.argv[2] ?? 9000);
const secret = process.argv[3] ?? process.env.SIGNING_SECRET ?? '';

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const given = req.headers['x-hub-signature-256'];
      let verdict = 'no signature header';
      if (given && secret) {
        const expected = crypto.createHmac('sha256', secret).update(body).digest('base64');
        const ok = expected.length === given.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
        verdict = ok ? 'signature VALID' : 'signature INVALID';
      } else if (given) verdict = 'signed (pass the secret to verify)';
      console.log(`${new Date().toISOString()} ${req.method} ${req.url} ${verdict}\n${body.toString('utf8')}\n`);
      res.setHeader('Content-Type', 'text/plain');
      res.end('ok');
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`webhook receiver on http://127.0.0.1:${port}/`));
