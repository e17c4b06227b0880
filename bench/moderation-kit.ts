// What a Standard-tier tenant gets from the virtual moderator on the data kit's real photographs.
// Starts all-in-one, signs in as the Standard tenant (acme), and for each sampled photograph submits
// POST /v1/classify/policy/image (the file), polls GET /v1/classify/policy/image/{job_id} until the
// job is done, then asks POST /v1/moderate {classification_job_id, external_id} for the decision
// (a 202 is followed on GET /v1/moderate/{moderation_job_id}). Sets of kit photographs (BENCH_MODERATION_SETS):
// - benign: `real*` files labelled `photo` with none of the harmful labels (HARMFUL below), i.e.
//   benign real photographs, including those labelled benign / child / toy / drink;
// - firearm: `real*` files labelled `photo` and `firearm`;
// - any other harmful label named in BENCH_MODERATION_SETS (knife, violence, smoking_and_tobacco...):
//   `real*` photographs with that label (a photograph can be in several harmful sets).
// Labels are the kit's with ml/vision/kit-errata.csv applied (94 knife photos
// the kit labels firearm).
// Each set is drawn in a fixed-seed order (a file's rank hashes the seed and its path in the kit), so
// BENCH_MODERATION_LIMIT picks the same photographs whatever order or size the kit has.
// Writes bench/results/moderation-kit[-<tag>].{json,md}: per set the share approved / pending_review /
// rejected, the escalate and reject reason histograms, the risk levels per category, the share per
// source repository, the harmful photographs that were approved, and which model scores each class
// (GET /v1/models) on the deployment measured.
//
// Run: make bench-moderation
// Settings (environment):
//   BENCH_MODERATION_LIMIT  photographs per set (default: all of them)
//   BENCH_MODERATION_SEED   sampling seed (default moderation-kit)
//   BENCH_MODERATION_ENV    JSON object of extra environment for all-in-one, e.g. '{"VISION_V3":"0"}'
//   BENCH_MODERATION_TAG    suffix of the output files: moderation-kit-<tag>.{json,md}
//   BENCH_MODERATION_SETS   sets to run, comma-separated (default benign,firearm): benign and harmful labels
//   BENCH_CONCURRENCY       photographs in flight (default 4)
//   BENCH_IMAGE_DIR         the kit's images folder (default ../shared/data/images, from the repository root)
//   VISION_WORKERS          vision threads of the service (default 2)
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { STANDARD_CATEGORIES } from '@modsvc/common/domain/standard-policy';
import { readCsvFile } from '@modsvc/common/csv';
import { correctedLabels, readKitErrata, splitLabels } from '../ml/vision/kit-errata.ts';
import { ApiClient, type ApiResponse } from '../test/helpers/api.ts';
import { startAllInOneDeployment, type Deployment } from '../test/helpers/deployments.ts';
import { REPO_ROOT } from '../test/helpers/processes.ts';

/** Kit labels that make a photograph not benign (anything a Standard category could rightly act on). */
const HARMFUL = new Set([
  'firearm',
  'knife',
  'violence',
  'violent_knife',
  'smoking_and_tobacco',
  'pills',
  'alcohol',
  'marijuana',
  'nazi_swastika',
  'confederate_flag',
  'hate_symbol',
  'pepe_frog',
  'middle_finger_gesture',
  'gambling_machine',
]);

const KIT = path.resolve(REPO_ROOT, process.env.BENCH_IMAGE_DIR ?? '../shared/data/images');
const LABELS = path.join(KIT, 'labels.csv');
const LIMIT = process.env.BENCH_MODERATION_LIMIT ? Number(process.env.BENCH_MODERATION_LIMIT) : Infinity;
const SEED = process.env.BENCH_MODERATION_SEED ?? 'moderation-kit';
const TAG = process.env.BENCH_MODERATION_TAG ?? '';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const VISION_WORKERS = process.env.VISION_WORKERS ?? '2';
const JOB_TIMEOUT_MS = 600_000;

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' };

/** `benign`, or a harmful label: the photographs that carry it. */
type SetName = string;

function setNames(): SetName[] {
  const names = (process.env.BENCH_MODERATION_SETS ?? 'benign,firearm').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => n !== 'benign' && !HARMFUL.has(n));
  if (unknown.length) throw new Error(`BENCH_MODERATION_SETS: ${unknown.join(', ')} is neither benign nor a harmful label (${[...HARMFUL].join(', ')})`);
  return [...new Set(names)];
}

interface KitPhoto {
  /** Path relative to the kit's images folder, as labels.csv lists it. */
  file: string;
  labels: string[];
  /** `owner/name` at the start of the source column. */
  source: string;
}

interface Outcome {
  file: string;
  source: string;
  /** approve / pending_review / reject, or `failed` when no decision came back. */
  decision: string;
  decision_type: string | null;
  escalate_reasons: string[];
  reject_reasons: string[];
  /** Risk level per category, as the moderator reports it (lower case). */
  categories: Record<string, string>;
  /** The policy job's signal that set each category's score (`firearm`, `caption:threat`...), where one did. */
  triggered_by: Record<string, string | null>;
  error: string | null;
  ms: number;
}

function parseJsonEnv(name: string): Record<string, string> {
  const raw = process.env[name];
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${name} must be a JSON object, e.g. '{"VISION_V3":"0"}'`);
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

function sourceRepository(sourceColumn: string): string {
  return /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/.exec(sourceColumn.trim())?.[0] ?? (sourceColumn.trim() || '(none)');
}

/** The kit's real photographs of each set, each in the seeded order. */
function kitSets(names: SetName[]): Record<SetName, KitPhoto[]> {
  const sets: Record<SetName, KitPhoto[]> = Object.fromEntries(names.map((n) => [n, []]));
  const errata = readKitErrata();
  for (const r of readCsvFile(LABELS)) {
    const file = r.file ?? '';
    if (!path.basename(file).startsWith('real') || !IMAGE_TYPES[path.extname(file).toLowerCase()]) continue;
    const labels = correctedLabels(errata, file, splitLabels(r.labels));
    if (!labels.includes('photo')) continue;
    const photo = { file, labels, source: sourceRepository(r.source ?? '') };
    const harmful = labels.filter((l) => HARMFUL.has(l));
    if (!harmful.length) sets.benign?.push(photo);
    for (const l of harmful) sets[l]?.push(photo);
  }
  const rank = (p: KitPhoto) => createHash('sha256').update(`${SEED}\0${p.file}`).digest('hex');
  for (const name of Object.keys(sets)) {
    sets[name] = sets[name]!
      .map((p) => ({ p, r: rank(p) }))
      .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0))
      .map(({ p }) => p);
  }
  return sets;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A write, retried after 429 / 503 (the service's Retry-After) and after a dropped connection. */
async function withRetry(call: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await call();
      if ((r.status === 429 || r.status === 503) && attempt < 10) {
        await sleep(Math.min(60, Number((r.body as { retry_after?: unknown }).retry_after ?? 0) || 2 * attempt) * 1000);
        continue;
      }
      return r;
    } catch (err) {
      if (attempt >= 3) throw err;
      await sleep(1000 * attempt);
    }
  }
}

const brief = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 300);

async function moderateOne(api: ApiClient, photo: KitPhoto): Promise<Outcome> {
  const t0 = Date.now();
  const out: Outcome = { file: photo.file, source: photo.source, decision: 'failed', decision_type: null, escalate_reasons: [], reject_reasons: [], categories: {}, triggered_by: {}, error: null, ms: 0 };
  try {
    const ext = path.extname(photo.file).toLowerCase();
    const data = fs.readFileSync(path.join(KIT, photo.file));
    const submit = await withRetry(() => api.submitFile('/classify/policy/image', { data, filename: path.basename(photo.file), type: IMAGE_TYPES[ext]! }));
    if (submit.status !== 200 || typeof submit.body.job_id !== 'string') throw new Error(`classify: HTTP ${submit.status} ${brief(submit.body)}`);
    const jobId = submit.body.job_id;
    const job = await api.waitForJob(`/classify/policy/image/${jobId}`, JOB_TIMEOUT_MS);
    if (job.status !== 200 || job.body.status !== 'done') throw new Error(`classify job ${jobId}: HTTP ${job.status} ${brief(job.body)}`);
    const results = job.body.results as { policy_categories?: { name: string; triggered_by?: string | null }[] };
    for (const c of results.policy_categories ?? []) out.triggered_by[c.name] = c.triggered_by ?? null;

    let mod = await withRetry(() => api.postJson('/moderate', { classification_job_id: jobId, external_id: photo.file }));
    const deadline = Date.now() + JOB_TIMEOUT_MS;
    while (mod.status === 202 && typeof mod.body.moderation_job_id === 'string' && Date.now() < deadline) {
      await sleep(1000);
      mod = await api.get(`/moderate/${mod.body.moderation_job_id}`);
    }
    if (mod.status !== 200) throw new Error(`moderate: HTTP ${mod.status} ${brief(mod.body)}`);
    const body = mod.body as {
      is_error?: boolean;
      error_message?: string | null;
      decision?: string;
      decision_type?: string;
      escalate_reasons?: string[];
      reject_reasons?: string[];
      policy_categories?: { name: string; risk_level: string }[];
    };
    if (body.is_error || !body.decision) throw new Error(`moderate: error ${brief(body.error_message ?? body)}`);
    out.decision = body.decision;
    out.decision_type = body.decision_type ?? null;
    out.escalate_reasons = body.escalate_reasons ?? [];
    out.reject_reasons = body.reject_reasons ?? [];
    for (const c of body.policy_categories ?? []) out.categories[c.name] = c.risk_level;
  } catch (err) {
    out.decision = 'failed';
    out.error = err instanceof Error ? err.message : String(err);
  }
  out.ms = Date.now() - t0;
  return out;
}

const share = (n: number, d: number) => (d ? Math.round((n / d) * 10000) / 10000 : null);
const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);

function histogram(values: string[]): Record<string, number> {
  const h: Record<string, number> = {};
  for (const v of values) h[v] = (h[v] ?? 0) + 1;
  return Object.fromEntries(Object.entries(h).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

function summarise(set: SetName, available: number, outcomes: Outcome[]) {
  const decided = outcomes.filter((o) => o.decision !== 'failed');
  const count = (d: string) => decided.filter((o) => o.decision === d).length;
  const bySource = new Map<string, Outcome[]>();
  for (const o of outcomes) bySource.set(o.source, [...(bySource.get(o.source) ?? []), o]);
  const sources = [...bySource.entries()]
    .map(([source, os]) => {
      const d = os.filter((o) => o.decision !== 'failed');
      const approved = d.filter((o) => o.decision === 'approve').length;
      return {
        source,
        images: os.length,
        decided: d.length,
        approved,
        pending_review: d.filter((o) => o.decision === 'pending_review').length,
        rejected: d.filter((o) => o.decision === 'reject').length,
        failed: os.length - d.length,
        ...(set === 'benign' ? { approve_share: share(approved, d.length) } : { not_approved_share: share(d.length - approved, d.length) }),
      };
    })
    .sort((a, b) => b.images - a.images || a.source.localeCompare(b.source));
  const riskLevels: Record<string, Record<string, number>> = {};
  for (const o of decided) for (const [cat, level] of Object.entries(o.categories)) (riskLevels[cat] ??= {})[level] = (riskLevels[cat]![level] ?? 0) + 1;
  return {
    available_in_kit: available,
    count: outcomes.length,
    decided: decided.length,
    failed: outcomes.length - decided.length,
    approved: count('approve'),
    pending_review: count('pending_review'),
    rejected: count('reject'),
    /** Shares of the images with a decision (count - failed). */
    share: { approve: share(count('approve'), decided.length), pending_review: share(count('pending_review'), decided.length), reject: share(count('reject'), decided.length) },
    escalate_reasons: histogram(decided.flatMap((o) => o.escalate_reasons)),
    reject_reasons: histogram(decided.flatMap((o) => o.reject_reasons)),
    risk_levels: riskLevels,
    sources,
    ...(set !== 'benign' ? { approved_files: decided.filter((o) => o.decision === 'approve').map((o) => o.file).sort() } : {}),
    failures: outcomes.filter((o) => o.decision === 'failed').map((o) => ({ file: o.file, error: o.error })),
    latency_ms: { p50: percentile(outcomes.map((o) => o.ms), 50), p95: percentile(outcomes.map((o) => o.ms), 95) },
  };
}

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

type Summary = ReturnType<typeof summarise>;

function markdown(report: {
  at: string;
  git: { commit: string | null; dirty: boolean | null };
  env: Record<string, unknown>;
  seed: string;
  limit: number | null;
  wall_seconds: number;
  sets: Record<SetName, Summary>;
  coverage: { classes: Record<string, string | null>; standard_signals: Record<string, Record<string, string | null>>; error: string | null };
}): string {
  const lines: string[] = [];
  lines.push(
    `# Virtual moderator on the kit's real photographs (Standard tenant)${TAG ? `: ${TAG}` : ''}`,
    '',
    `${report.at}, commit ${report.git.commit ?? 'unknown'}${report.git.dirty ? ' (with uncommitted changes)' : ''}; seed \`${report.seed}\`, ` +
      `${report.limit === null ? 'every photograph of each set' : `up to ${report.limit} photographs per set`}; ${report.wall_seconds} s.`,
    `Environment of all-in-one: \`${JSON.stringify(report.env)}\`.`,
    '',
    'Each photograph: `POST /v1/classify/policy/image` (file), `GET /v1/classify/policy/image/{job_id}` until done, then `POST /v1/moderate {classification_job_id}` as tenant `acme` (Standard tier). Shares are of the photographs with a decision.',
    '',
    '| Set | In kit | Run | Failed | Approve | Pending review | Reject |',
    '|---|---|---|---|---|---|---|',
  );
  for (const [name, s] of Object.entries(report.sets)) {
    lines.push(`| ${name} | ${s.available_in_kit} | ${s.count} | ${s.failed} | ${s.approved} (${pct(s.share.approve)}) | ${s.pending_review} (${pct(s.share.pending_review)}) | ${s.rejected} (${pct(s.share.reject)}) |`);
  }
  for (const [name, s] of Object.entries(report.sets)) {
    lines.push('', `## ${name}`, '', `Latency p50 ${s.latency_ms.p50 ?? '-'} ms, p95 ${s.latency_ms.p95 ?? '-'} ms (classification and moderation).`, '');
    lines.push('Escalate reasons (photographs):', '');
    const esc = Object.entries(s.escalate_reasons);
    lines.push(...(esc.length ? esc.map(([r, n]) => `- \`${r}\`: ${n}`) : ['- none']), '');
    const rej = Object.entries(s.reject_reasons);
    if (rej.length) lines.push('Reject reasons (photographs):', '', ...rej.map(([r, n]) => `- \`${r}\`: ${n}`), '');
    lines.push('Risk levels per category:', '', '| Category | Levels |', '|---|---|');
    for (const [cat, levels] of Object.entries(s.risk_levels)) lines.push(`| ${cat} | ${Object.entries(levels).map(([l, n]) => `${l} ${n}`).join(', ')} |`);
    const headline = name === 'benign' ? 'Approved' : 'Not approved';
    lines.push('', `Per source repository (${headline.toLowerCase()} share):`, '', `| Source | Photos | Decided | ${headline} |`, '|---|---|---|---|');
    for (const src of s.sources) {
      const v = 'approve_share' in src ? src.approve_share : 'not_approved_share' in src ? src.not_approved_share : null;
      lines.push(`| ${src.source} | ${src.images} | ${src.decided} | ${pct(v ?? null)} |`);
    }
    if (name !== 'benign') {
      const approved = s.approved_files ?? [];
      lines.push('', `${name} photographs approved: ${approved.length}`, '', ...approved.map((f) => `- ${f}`));
    }
    if (s.failures.length) lines.push('', `Failed (${s.failures.length}):`, '', ...s.failures.slice(0, 20).map((f) => `- ${f.file}: ${f.error}`));
  }
  lines.push('', '## What scores the Standard signals (`GET /v1/models`)', '');
  if (report.coverage.error) lines.push(`Could not read /v1/models: ${report.coverage.error}`);
  else {
    lines.push('| Category | Visual class -> model (null: not scored) |', '|---|---|');
    for (const [cat, classes] of Object.entries(report.coverage.standard_signals)) {
      lines.push(`| ${cat} | ${Object.entries(classes).map(([c, m]) => `${c} -> ${m ?? 'null'}`).join('; ')} |`);
    }
    const all = Object.entries(report.coverage.classes);
    const scored = all.filter(([, m]) => m !== null);
    lines.push(
      '',
      `All classes: ${scored.length} of ${all.length} scored.`,
      '',
      `Scored: ${scored.map(([c, m]) => `${c} (${m})`).join(', ') || 'none'}.`,
      '',
      `Not scored (null): ${all.filter(([, m]) => m === null).map(([c]) => c).join(', ') || 'none'}.`,
    );
  }
  return lines.join('\n') + '\n';
}

async function main(): Promise<void> {
  if (!fs.existsSync(LABELS)) throw new Error(`no data kit at ${path.relative(REPO_ROOT, KIT)} (expected images/labels.csv): put the development data kit at ../shared/data`);
  const extraEnv = parseJsonEnv('BENCH_MODERATION_ENV');
  const names = setNames();
  const all = kitSets(names);
  const sets: Record<SetName, KitPhoto[]> = Object.fromEntries(names.map((n) => [n, all[n]!.slice(0, LIMIT)]));
  process.stderr.write(`kit real photographs: ${names.map((n) => `${n} ${all[n]!.length} (running ${sets[n]!.length})`).join(', ')}\n`);

  const serviceEnv = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '1000000', VISION_WORKERS, ...extraEnv };
  // Settings the service also inherits from this process's environment.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(VISION_|MODERATION_|POLICY_|ADMISSION_)/.test(k) && !(k in serviceEnv)));
  process.stderr.write(`starting all-in-one (${JSON.stringify(serviceEnv)})...\n`);
  const started = Date.now();
  let deployment: Deployment | null = null;
  const onSignal = () => void deployment?.stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const outcomes: Record<SetName, Outcome[]> = Object.fromEntries(names.map((n) => [n, []]));
  let models: Record<string, unknown> | null = null;
  let modelsError: string | null = null;
  try {
    deployment = await startAllInOneDeployment(serviceEnv);
    const api = new ApiClient(deployment.url);
    const auth = await api.authenticate(deployment.tenants.acme.apiKey);
    if (auth.status !== 200) throw new Error(`authentication failed: ${JSON.stringify(auth.body)}`);
    const m = await api.get('/models');
    if (m.status === 200) models = m.body;
    else modelsError = `HTTP ${m.status} ${brief(m.body)}`;

    // The sets interleaved (benign, firearm, benign...), so all see the service in the same state.
    const queue = names
      .flatMap((set) => sets[set]!.map((photo, i) => ({ set, photo, i })))
      .sort((a, b) => a.i - b.i || a.set.localeCompare(b.set));
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, CONCURRENCY) }, async () => {
        while (next < queue.length) {
          const item = queue[next++]!;
          const o = await moderateOne(api, item.photo);
          outcomes[item.set]!.push(o);
          done++;
          if (o.error) process.stderr.write(`failed ${item.photo.file}: ${o.error}\n`);
          if (done % 10 === 0 || done === queue.length) process.stderr.write(`${done}/${queue.length} (${Math.round((Date.now() - started) / 1000)} s)\n`);
        }
      }),
    );
  } finally {
    await deployment?.stop();
  }

  const classes = ((models?.classes ?? []) as { class: string; model: string | null }[]);
  const modelOf = new Map(classes.map((c) => [c.class, c.model]));
  const standardSignals = Object.fromEntries(
    STANDARD_CATEGORIES.map((cat) => [cat.name, Object.fromEntries(cat.signals.flatMap((s) => ('visual' in s ? [[s.visual, modelOf.get(s.visual) ?? null]] : [])))]),
  ) as Record<string, Record<string, string | null>>;
  const status = git(['status', '--porcelain']);
  const report = {
    at: new Date().toISOString(),
    git: { commit: git(['rev-parse', 'HEAD']), dirty: status === null ? null : status !== '' },
    kit: path.relative(REPO_ROOT, KIT),
    seed: SEED,
    limit: Number.isFinite(LIMIT) ? LIMIT : null,
    concurrency: CONCURRENCY,
    tenant: { id: 'acme', tier: 'standard' },
    env: serviceEnv,
    env_overrides: extraEnv,
    env_inherited: inherited,
    wall_seconds: Math.round((Date.now() - started) / 1000),
    harmful_labels: [...HARMFUL],
    sets: Object.fromEntries(names.map((n) => [n, summarise(n, all[n]!.length, outcomes[n]!)])),
    coverage: {
      error: modelsError,
      /** Every class of the items result: the model (id@version) that scores it, or null. */
      classes: Object.fromEntries(classes.map((c) => [c.class, c.model])),
      standard_signals: standardSignals,
      models: ((models?.models ?? []) as { id: string; version: string; runtime: string; loaded: boolean; error: string | null }[]).map((m) => ({
        id: m.id,
        version: m.version,
        runtime: m.runtime,
        loaded: m.loaded,
        error: m.error,
      })),
    },
    images: Object.fromEntries(names.map((n) => [n, outcomes[n]!.sort((a, b) => a.file.localeCompare(b.file))])),
  };
  const outDir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  const base = `moderation-kit${TAG ? `-${TAG.replace(/[^A-Za-z0-9_.-]/g, '_')}` : ''}`;
  fs.writeFileSync(path.join(outDir, `${base}.json`), JSON.stringify(report, null, 2) + '\n');
  const md = markdown(report);
  fs.writeFileSync(path.join(outDir, `${base}.md`), md);
  process.stdout.write(md);
  process.stdout.write(`\nwrote bench/results/${base}.json and .md\n`);
}

await main();
