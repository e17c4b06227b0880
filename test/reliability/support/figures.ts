// The suite's figures, per case: the full form (`make test-reliability`, a benchmark run on purpose)
// in bench/results/reliability.json, which is committed; the quick form that `make test` runs in
// bench/results/reliability-quick.json, which git ignores, so a test run leaves the tree clean.
// Each case replaces its own entry.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../helpers/processes.ts';
import { FORM, type Form } from './flags.ts';

/** Where a form's figures go. */
export function figuresFile(form: Form): string {
  return path.join(REPO_ROOT, form === 'full' ? 'bench/results/reliability.json' : 'bench/results/reliability-quick.json');
}

export const FIGURES_FILE = figuresFile(FORM);

export type Figure = number | string | boolean | null;

export interface CaseFigures {
  case: string;
  mode: 'all-in-one' | 'distributed' | 'in-process';
  /** Whether every assertion of the case held. */
  passed: boolean;
  recorded_at: string;
  duration_s: number;
  jobs_submitted?: number;
  jobs_done?: number;
  jobs_failed?: number;
  jobs_lost?: number;
  duplicates?: number;
  crashes?: number;
  refusals?: number;
  peak_rss_mb?: number;
  [extra: string]: Figure | undefined;
}

export interface FiguresFile {
  updated_at: string;
  forms: Partial<Record<Form, { updated_at: string; cases: Record<string, CaseFigures> }>>;
}

export function readFigures(file = FIGURES_FILE): FiguresFile {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as FiguresFile;
  } catch {
    return { updated_at: new Date(0).toISOString(), forms: {} };
  }
}

/** Runs `fn` holding an exclusive lock file (test files run in parallel processes). */
function withLock(file: string, fn: () => void): void {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than the deadline was left by a killed run.
      if (Date.now() > deadline) fs.rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Records one case's figures under the current form (writes atomically). */
export function recordFigures(id: string, figures: CaseFigures, file = FIGURES_FILE): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  withLock(file, () => {
    const all = readFigures(file);
    const now = new Date().toISOString();
    const section = all.forms[FORM] ?? { updated_at: now, cases: {} };
    section.cases[id] = figures;
    section.updated_at = now;
    all.forms[FORM] = section;
    all.updated_at = now;
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(all, null, 2) + '\n');
    fs.renameSync(tmp, file);
  });
}

/** Cases this process recorded, for the table a test file prints when it ends. */
const recordedHere = new Map<string, CaseFigures>();

export function recordedInThisProcess(): Record<string, CaseFigures> {
  return Object.fromEntries(recordedHere);
}

export type CaseBody = (figures: Partial<CaseFigures>) => Promise<void>;

/**
 * Runs one case and records its figures whether it passes or not: `body` fills in what it measured as it
 * goes, so a failing case still reports how far it got.
 */
export async function runCase(id: string, mode: CaseFigures['mode'], body: CaseBody): Promise<void> {
  const started = Date.now();
  const figures: Partial<CaseFigures> = {};
  let passed = false;
  try {
    await body(figures);
    passed = true;
  } finally {
    const duration_s = Math.round((Date.now() - started) / 100) / 10;
    const entry: CaseFigures = { case: id, mode, passed, duration_s, ...figures, recorded_at: new Date().toISOString() };
    recordedHere.set(id, entry);
    recordFigures(id, entry);
  }
}
