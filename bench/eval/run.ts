// `make eval MANIFEST=path/to/manifest.csv [EVAL_URL=http://host:8080 EVAL_API_KEY=...]`
// Submits every image and video row of the manifest through the service's public API (starting
// all-in-one when no URL is given), and prints per-class figures, throughput and latency. The same
// goes to bench/results/eval-<manifest>.{json,md}. Rows it cannot submit (text, audio) are counted.
// Manifest columns: `file` (relative to the CSV) and `expected_labels` or `labels` (`;`-separated
// spec class names; other labels are ignored).
import fs from 'node:fs';
import path from 'node:path';
import { readCsvFile } from '@modsvc/common/csv';
import { CLASS_GROUPS, VISUAL_GROUPS } from '@modsvc/common/classes';
import { ApiClient } from '../../test/helpers/api.ts';
import { startAllInOneDeployment, type Deployment } from '../../test/helpers/deployments.ts';
import { REPO_ROOT } from '../../test/helpers/processes.ts';
import { classFigures, markdownTable, percentile, type EvalRow } from './summary.ts';

const IMAGE_EXT: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' };
const VIDEO_EXT: Record<string, string> = { '.mp4': 'video/mp4', '.m4v': 'video/x-m4v', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska', '.mpeg': 'video/mpeg', '.mpg': 'video/mpeg' };
const AUDIO_EXT = new Set(['.wav', '.mp3', '.flac', '.ogg', '.m4a']);
const TEXT_EXT = new Set(['.txt', '.csv', '.json']);

function flattenVisual(results: Record<string, Record<string, number | null>>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const g of VISUAL_GROUPS) for (const c of CLASS_GROUPS[g]) out[c] = results[g]?.[c] ?? null;
  return out;
}

async function main(): Promise<void> {
  const manifest = process.env.MANIFEST ?? process.argv[2];
  if (!manifest) throw new Error('give MANIFEST=path/to/manifest.csv');
  const manifestPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), manifest);
  const records = readCsvFile(manifestPath);
  const baseDir = path.dirname(manifestPath);
  const concurrency = Number(process.env.EVAL_CONCURRENCY ?? 4);
  const limit = Number(process.env.EVAL_LIMIT ?? Infinity);

  const skipped: Record<string, number> = {};
  const todo: { file: string; labels: Set<string>; media: 'image' | 'video'; type: string }[] = [];
  for (const r of records) {
    const file = r.file ?? '';
    const ext = path.extname(file).toLowerCase();
    const labels = new Set((r.expected_labels ?? r.labels ?? '').split(';').map((s) => s.trim()).filter(Boolean));
    if (IMAGE_EXT[ext]) todo.push({ file, labels, media: 'image', type: IMAGE_EXT[ext] });
    else if (VIDEO_EXT[ext]) todo.push({ file, labels, media: 'video', type: VIDEO_EXT[ext] });
    else {
      const kind = AUDIO_EXT.has(ext) ? 'audio' : TEXT_EXT.has(ext) ? 'text' : 'other';
      skipped[kind] = (skipped[kind] ?? 0) + 1;
    }
  }
  const rowsToRun = todo.slice(0, limit);

  let deployment: Deployment | null = null;
  let url = process.env.EVAL_URL;
  let key = process.env.EVAL_API_KEY;
  if (!url) {
    process.stderr.write('starting all-in-one for the evaluation...\n');
    deployment = await startAllInOneDeployment({ LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', VISION_WORKERS: process.env.VISION_WORKERS ?? '2' });
    url = deployment.url;
    key = deployment.tenants.acme.apiKey;
  }
  if (!key) throw new Error('give EVAL_API_KEY for EVAL_URL');
  const api = new ApiClient(url);
  const auth = await api.authenticate(key);
  if (auth.status !== 200) throw new Error(`authentication failed: ${JSON.stringify(auth.body)}`);

  const rows: EvalRow[] = [];
  const failures: { file: string; status: string; msg: unknown }[] = [];
  let next = 0;
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < rowsToRun.length) {
          const item = rowsToRun[next++]!;
          const t0 = Date.now();
          const data = fs.readFileSync(path.join(baseDir, item.file));
          const r = await api.submitFile(`/classify/items-characteristics/${item.media}`, { data, filename: path.basename(item.file), type: item.type });
          if (r.status !== 200) {
            failures.push({ file: item.file, status: `HTTP ${r.status}`, msg: r.body });
            continue;
          }
          const done = await api.waitForJob(`/classify/items-characteristics/${item.media}/${r.body.job_id as string}`, 600_000);
          if (done.body.status !== 'done') {
            failures.push({ file: item.file, status: String(done.body.status), msg: done.body.msg });
            continue;
          }
          rows.push({ file: item.file, labels: item.labels, scores: flattenVisual(done.body.results as Record<string, Record<string, number | null>>), latencyMs: Date.now() - t0 });
          if (rows.length % 50 === 0) process.stderr.write(`${rows.length}/${rowsToRun.length} done\n`);
        }
      }),
    );
  } finally {
    await deployment?.stop();
  }
  const wallSeconds = (Date.now() - started) / 1000;
  const photos = rows.filter((r) => /^real/.test(path.basename(r.file)));
  const latencies = rows.map((r) => r.latencyMs);
  const report = {
    manifest: path.relative(REPO_ROOT, manifestPath),
    at: new Date().toISOString(),
    service: deployment ? 'all-in-one started by the tool' : url,
    submitted: rowsToRun.length,
    finished: rows.length,
    failed: failures.length,
    skipped,
    throughput_per_second: Math.round((rows.length / wallSeconds) * 100) / 100,
    latency_ms: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    classes: classFigures(rows),
    photographs: photos.length ? { rows: photos.length, classes: classFigures(photos) } : null,
    failures: failures.slice(0, 50),
  };
  const name = path.basename(manifestPath, '.csv').replace(/[^A-Za-z0-9_-]/g, '_');
  const outDir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `eval-${name}.json`), JSON.stringify(report, null, 2) + '\n');
  const md = [
    `# Evaluation of ${report.manifest}`,
    '',
    `${report.finished} of ${report.submitted} rows finished (${report.failed} failed; skipped: ${JSON.stringify(skipped)}), ${report.throughput_per_second} per second, latency p50 ${report.latency_ms.p50} ms, p95 ${report.latency_ms.p95} ms.`,
    '',
    '## All rows',
    '',
    markdownTable(report.classes.filter((c) => c.positives > 0 || c.scored)),
    ...(report.photographs ? ['', `## Photographs (\`real*\` files, ${report.photographs.rows} rows)`, '', markdownTable(report.photographs.classes.filter((c) => c.positives > 0 || c.scored))] : []),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(outDir, `eval-${name}.md`), md);
  process.stdout.write(md);
}

await main();
