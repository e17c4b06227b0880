// The frontier a visual operating point could choose on today's held-back scores: for a grid of MEDIUM
// points shared by firearm and violence (HIGH stays the Standard 0.8, so rejections do not move; the
// other re-scored classes at their shipped points), the
// Standard decisions on every kit photograph with v3's held-back scores (bench/heldback-decisions.ts):
// benign photos approved against harmful photos not approved. Each row is a fixed threshold on scores no
// network trained on; choosing a row from this table is the one in-sample step.
// Run: npx tsx bench/moderation-heldback-frontier.ts [bench/results/moderation-kit-<tag>.json, default moderation-kit-v4.json]
//   -> bench/results/moderation-heldback-frontier.{json,md,svg}
import fs from 'node:fs';
import path from 'node:path';
import type { OperatingPoints } from '@modsvc/common/domain/index';
import { SERVED_V3_RESULTS } from '../ml/vision/v3-results.ts';
import { REPO_ROOT } from '../test/helpers/processes.ts';
import { frontierSvg } from './frontier-plot.ts';
import { heldBackDecision, loadHeldBack, readKitBench, type RescoredPoints } from './heldback-decisions.ts';

/** The classes whose MEDIUM point the grid moves. */
const RESCORED_CLASSES = ['firearm', 'violence'] as const;

/** MEDIUM points tried, from the Standard scale's 0.5 down. */
const MEDIUM_GRID = [0.5, 0.4, 0.3, 0.2, 0.15, 0.1, 0.07, 0.05, 0.03, 0.02, 0.01];
const STANDARD_HIGH = 0.8;
/** The share of harmful photos the vision issue asks not to be approved. */
const HARM_TARGET = 0.95;

const pointsAt = (medium: number): OperatingPoints => ({ LOW: (medium * 2) / 5, MEDIUM: medium, HIGH: Math.max(STANDARD_HIGH, medium) });

function main(): void {
  const input = path.resolve(REPO_ROOT, process.argv[2] ?? 'bench/results/moderation-kit-v4.json');
  const bench = readKitBench(input);
  const heldBack = loadHeldBack();
  const { rows } = heldBack;
  const sets = Object.keys(bench.images);
  const frontier = MEDIUM_GRID.map((medium) => {
    const points: RescoredPoints = { ...heldBack.points, ...Object.fromEntries(RESCORED_CLASSES.map((c) => [c, pointsAt(medium)])) };
    const approved: Record<string, { photos: number; approved: number; share: number }> = {};
    for (const set of sets) {
      let photos = 0;
      let ok = 0;
      for (const img of bench.images[set]!) {
        const row = img.decision === 'failed' ? undefined : rows.get(img.file);
        if (!row) continue;
        photos++;
        if (heldBackDecision(img, row, heldBack, points) === 'approve') ok++;
      }
      approved[set] = { photos, approved: ok, share: photos ? ok / photos : 0 };
    }
    return { medium, high: pointsAt(medium).HIGH, approved };
  });
  const harmful = sets.filter((s) => s !== 'benign');
  const rescoredSets = harmful.filter((s) => (RESCORED_CLASSES as readonly string[]).includes(s));
  const reaching = frontier.find((f) => rescoredSets.every((s) => 1 - f.approved[s]!.share >= HARM_TARGET)) ?? null;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const md = [
    `# Held-back frontier of a visual MEDIUM point (firearm and violence, ${path.basename(SERVED_V3_RESULTS)})`,
    '',
    `From \`${path.relative(REPO_ROOT, input)}\` and \`${path.relative(REPO_ROOT, SERVED_V3_RESULTS)}/heldback.tsv\`; Standard rules, HIGH ${STANDARD_HIGH}; the other re-scored classes (${Object.keys(heldBack.points).filter((c) => !(RESCORED_CLASSES as readonly string[]).includes(c)).join(', ')}) at their shipped operating points. Written by \`bench/moderation-heldback-frontier.ts\`. Benign: approved; the others: not approved.`,
    '',
    `| MEDIUM | benign approved | ${harmful.map((s) => `${s} not approved`).join(' | ')} |`,
    `|---:|---:|${harmful.map(() => '---:').join('|')}|`,
    ...frontier.map((f) => `| ${f.medium} | ${pct(f.approved.benign?.share ?? 0)} | ${harmful.map((s) => pct(1 - f.approved[s]!.share)).join(' | ')} |`),
    '',
    reaching
      ? `The highest MEDIUM that stops ${pct(HARM_TARGET)} of ${rescoredSets.join(' and ')} photos: ${reaching.medium}, approving ${pct(reaching.approved.benign?.share ?? 0)} of benign photos.`
      : `No MEDIUM in the grid stops ${pct(HARM_TARGET)} of ${rescoredSets.join(' and ')} photos.`,
    '',
  ].join('\n');
  const out = path.join(REPO_ROOT, 'bench/results/moderation-heldback-frontier');
  fs.writeFileSync(`${out}.json`, JSON.stringify({ input: path.relative(REPO_ROOT, input), commit: bench.git.commit, harmTarget: HARM_TARGET, frontier, reaching: reaching?.medium ?? null }, null, 2) + '\n');
  fs.writeFileSync(`${out}.md`, md + `\nPlot: \`moderation-heldback-frontier.svg\` (one point per MEDIUM of the table; dashed: ${pct(0.9)} benign approved, ${pct(HARM_TARGET)} not approved).\n`);
  const curves = harmful.map((s) => ({ label: s, points: frontier.map((f) => [f.approved.benign?.share ?? 0, 1 - f.approved[s]!.share] as [number, number]) }));
  fs.writeFileSync(`${out}.svg`, frontierSvg(`Held-back frontier, one MEDIUM for firearm and violence (${path.basename(SERVED_V3_RESULTS)})`, curves, { benignApproved: 0.9, harmStopped: HARM_TARGET }));
  process.stdout.write(md);
}

main();
