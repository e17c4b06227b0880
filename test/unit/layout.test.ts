// The repository's layout (issue 37 item 4), checked on the tracked files so that any clone repeats it:
// services/ holds what is served, training and studies live in ml/; the Python scripts import each other
// as one package (no sys.path); one CSV reader (@modsvc/common/csv; Python: the stdlib csv module) and
// one metrics module per language (packages/common/src/evaluation.ts, ml/lib/metrics.py).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
const CODE = /\.(ts|js|mjs|cjs)$/;
const codeFiles = tracked.filter((f) => CODE.test(f) && !f.startsWith('protos/generated/'));
const pythonFiles = tracked.filter((f) => f.endsWith('.py'));

/** Files whose text matches `pattern`, leaving out `except`. */
const matching = (files: string[], pattern: RegExp, except: string[] = []) => files.filter((f) => !except.includes(f) && pattern.test(read(f)));

const CSV_MODULE = 'packages/common/src/csv.ts';
const METRICS_TS = 'packages/common/src/evaluation.ts';
const METRICS_PY = 'ml/lib/metrics.py';

describe('layout: services/ serves, ml/ trains', () => {
  it('has no training or study code under services/', () => {
    expect(tracked.filter((f) => /^services\/[^/]+\/(train|studies|study)\//.test(f))).toEqual([]);
    expect(tracked.filter((f) => f.startsWith('services/') && f.endsWith('.py'))).toEqual([]);
  });

  it('keeps the v2 code out of the tree (git keeps it)', () => {
    expect(tracked.filter((f) => /(^|\/)v2\//.test(f) || f === 'mk/vision-v2.mk')).toEqual([]);
  });

  it('imports Python modules by package name, never through sys.path', () => {
    expect(matching(pythonFiles, /\bsys\.path\b/)).toEqual([]);
    expect(matching(pythonFiles, /spec_from_file_location\(\s*['"]vision/)).toEqual([]);
  });
});

describe('layout: one CSV reader', () => {
  it('defines CSV parsing in one TypeScript module only', () => {
    expect(matching(codeFiles, /\b(function\s*\*?\s*|const\s+)(parse|read|split)Csv\w*/, [CSV_MODULE])).toEqual([]);
  });

  // A line or row of text split on commas is a CSV reader by hand (it cannot read a quoted comma or newline).
  const LINE_SPLIT = /\b(line|lines|row|rows|l|raw|header|record|text)(\[\w+\]|!)?\.split\(\s*(','|","|\/,\/)\s*\)/;

  it('splits no line of text on commas by hand', () => {
    // vPDQ hash files (packages/pdq/src/vpdq.ts) are not CSV: numbers and hex per line, never quoted.
    expect(matching(codeFiles, LINE_SPLIT, [CSV_MODULE, 'packages/pdq/src/vpdq.ts'])).toEqual([]);
  });

  it('reads CSV and TSV in Python with the stdlib csv module only', () => {
    expect(matching(pythonFiles, LINE_SPLIT)).toEqual([]);
    expect(matching(pythonFiles, /\.split\(\s*['"]\\t['"]\s*\)/)).toEqual([]);
  });
});

describe('layout: one metrics module per language', () => {
  it('defines ROC-AUC, average precision and ECE in packages/common/src/evaluation.ts only', () => {
    const definition = /\bfunction\s+(rocAuc|averagePrecision|expectedCalibrationError|ece|auc|rocAucOf|averagePrecisionOf)\s*\(|\bconst\s+(rocAuc|averagePrecision|expectedCalibrationError|ece)\s*=/;
    expect(matching(codeFiles, definition, [METRICS_TS])).toEqual([]);
  });

  it('defines them in Python in ml/lib/metrics.py only, and every user imports that module', () => {
    const definition = /^\s*def\s+(roc_auc|average_precision|ece|auc|expected_calibration_error)\s*\(/m;
    expect(matching(pythonFiles, definition, [METRICS_PY])).toEqual([]);
    const users = matching(pythonFiles, /\b(roc_auc|average_precision|ece)\(/, [METRICS_PY]);
    expect(users.filter((f) => !/^from ml\.lib\.metrics import /m.test(read(f)))).toEqual([]);
  });
});
