// Loads the configured model set once and prints the models report (what GET /v1/models shows).
// Usage: npx tsx services/vision-inference/tools/models-report.ts
import { parseSettings } from '@modsvc/common/config';
import { createVisionAnalyzer } from '../src/analyzer.ts';
import { settingsSchema } from '../src/settings.ts';

const analyzer = createVisionAnalyzer(parseSettings(settingsSchema));
await analyzer.init();
const r = analyzer.models();
for (const m of r.models) process.stdout.write(`model ${m.id}@${m.version} (${m.runtime}) loaded=${m.loaded}${m.error ? ` error=${m.error}` : ''}\n`);
for (const c of r.classes) process.stdout.write(`${c.group.padEnd(14)} ${c.class.padEnd(22)} ${(c.model ?? 'null').padEnd(36)} ${c.note}\n`);
await analyzer.close();
