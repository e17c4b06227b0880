// The reviewer console (services/gateway/console/): plain ES modules served as they are, so there is no
// build step. Only the files present at start-up with a known type are served, read once into memory.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';

export const CONSOLE_DIR = fileURLToPath(new URL('../console/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export const CONSOLE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Revalidated on every load (cheap: express answers 304 on a matching ETag), so an upgrade shows at once.
  'Cache-Control': 'no-cache',
};

interface Asset {
  type: string;
  body: Buffer;
}

function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const type = TYPES[path.extname(entry.name)];
    if (entry.isFile() && type) assets.set(entry.name, { type, body: fs.readFileSync(path.join(dir, entry.name)) });
  }
  if (!assets.has('index.html')) throw new Error(`reviewer console: ${path.join(dir, 'index.html')} is missing`);
  return assets;
}

/** Mount at /review: /review/ is the console, /review redirects there, anything else falls through (404). */
export function reviewConsoleRouter(dir = CONSOLE_DIR): express.Router {
  const assets = loadAssets(dir);
  const router = express.Router({ strict: true });
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/' && !req.originalUrl.split('?')[0]!.endsWith('/')) {
      const query = req.originalUrl.slice(req.originalUrl.split('?')[0]!.length);
      return res.redirect(301, `${req.baseUrl}/${query}`);
    }
    // req.path is still percent-encoded: an encoded slash or dot-dot never names a served file.
    const asset = assets.get(req.path === '/' ? 'index.html' : req.path.slice(1));
    if (!asset) return next();
    res.set(CONSOLE_HEADERS).type(asset.type).send(asset.body);
  });
  return router;
}
