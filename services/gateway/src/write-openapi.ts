// Regenerates services/gateway/openapi.json from the gateway's OpenAPI builder (`make openapi`).
import fs from 'node:fs';
import { buildOpenApi } from './openapi.ts';

fs.writeFileSync(new URL('../openapi.json', import.meta.url), JSON.stringify(buildOpenApi(), null, 2) + '\n');
