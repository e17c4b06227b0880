// Creates a tenants file with one dev tenant (if the file does not exist) and prints its API key, its
// reviewer's key and webhook signing secret: `make tenants` (the file `make run` creates on its first start).
import fs from 'node:fs';
import path from 'node:path';
import { ensureDevTenantsFile } from '../packages/common/src/tenants.ts';

const file = path.resolve(process.argv[2] ?? 'data/tenants.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
const dev = ensureDevTenantsFile(file);
process.stdout.write(`${dev.created ? 'created' : 'kept'} ${file}\ndev API key: ${dev.apiKey ?? '(none)'}\ndev reviewer key: ${dev.reviewer ? `${dev.reviewer.apiKey} (reviewer ${dev.reviewer.id})` : '(none)'}\nwebhook signing secret: ${dev.signingSecret ?? '(none)'}\n`);
