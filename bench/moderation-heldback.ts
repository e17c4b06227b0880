// What the Standard moderator would decide on the kit's photographs if vision v3 had never seen them.
// bench/moderation-kit.ts runs every photograph through the service, whose v3 network trained on every
// kit source: its v3 scores on kit photographs are in-sample. This replays those decisions with every
// class artifacts/calibration.json serves from v3 and a Standard category lists (firearm and knife in
// ARMS_AMMO, violence in DEATH_INJURY_MILITARY, pills and smoking_and_tobacco in DRUGS, nazi_swastika in
// HATE_SPEECH) re-scored from held-back scores instead: each photo's probability from the fold network
// that never saw its source (ml/vision/v3/results/<served run>/heldback.tsv), through the served
// calibrators, read against their shipped operating points (bench/heldback-decisions.ts). The other
// categories keep the levels the service gave (nsfwjs, the detector, the heads, OCR text: none of them
// trained on these photographs). A level the service set from another signal or text is kept where it
// is higher. Decisions come from the moderator's own decide() with the Standard rules. The service run
// may predate the limited classes and the points: only its non-v3 levels are used.
// Run: npx tsx bench/moderation-heldback.ts [bench/results/moderation-kit-<tag>.json, default moderation-kit-v4.json]
//   -> bench/results/moderation-heldback-<tag>.{json,md}
import fs from 'node:fs';
import path from 'node:path';
import { SERVED_V3_RESULTS } from '../ml/vision/v3-results.ts';
import { REPO_ROOT } from '../test/helpers/processes.ts';
import { flaggedAt, riskLevel } from '@modsvc/common/domain/index';
import { heldBackDecision, loadHeldBack, readKitBench, weightedRisk } from './heldback-decisions.ts';

function main(): void {
  const input = path.resolve(REPO_ROOT, process.argv[2] ?? 'bench/results/moderation-kit-v4.json');
  const bench = readKitBench(input);
  const loaded = loadHeldBack();
  const heldBack = loaded.rows;

  const sets: Record<string, unknown> = {};
  const lines: string[] = [];
  const signalLines: string[] = [];
  const sourceLines: string[] = [];
  const signals = Object.values(loaded.rescored).flat();
  for (const [set, images] of Object.entries(bench.images)) {
    const counts = { photos: 0, missing: 0, in_sample: { approve: 0, pending_review: 0, reject: 0 }, held_back: { approve: 0, pending_review: 0, reject: 0 } };
    const approvedHeldBack: string[] = [];
    // Per source repository (family, as heldback.tsv names it): held-back photos and how many were approved.
    const bySource: Record<string, { photos: number; approved: number }> = {};
    // Per re-scored signal, the photos on which it alone puts its category at MEDIUM or above.
    const flaggedBy: Record<string, number> = Object.fromEntries(signals.map((s) => [s.cls, 0]));
    for (const img of images) {
      if (img.decision === 'failed') continue;
      const r = heldBack.get(img.file);
      if (!r) {
        counts.missing++;
        continue;
      }
      counts.photos++;
      for (const signal of signals) if (flaggedAt(riskLevel(weightedRisk(loaded, r, signal, loaded.points) ?? 0), 'MEDIUM')) flaggedBy[signal.cls]!++;
      const d = heldBackDecision(img, r, loaded);
      counts.held_back[d as keyof typeof counts.held_back]++;
      counts.in_sample[img.decision as keyof typeof counts.in_sample]++;
      if (d === 'approve' && set !== 'benign') approvedHeldBack.push(img.file);
      const src = (bySource[r.source!] ??= { photos: 0, approved: 0 });
      src.photos++;
      if (d === 'approve') src.approved++;
    }
    for (const [source, c] of Object.entries(bySource).sort((a, b) => b[1].photos - a[1].photos)) {
      const approvedShare = (100 * c.approved) / c.photos;
      sourceLines.push(`| ${set} | ${source} | ${c.photos} | ${c.approved} (${approvedShare.toFixed(1)} %) | ${set === 'benign' ? `${approvedShare.toFixed(1)} % approved` : `${(100 - approvedShare).toFixed(1)} % not approved`} |`);
    }
    sets[set] = { ...counts, flagged_by: flaggedBy, by_source: bySource, approved_held_back: approvedHeldBack.sort() };
    signalLines.push(`| ${set} | ${counts.photos} | ${signals.map((s) => flaggedBy[s.cls]).join(' | ')} |`);
    const share = (n: number) => `${n} (${((100 * n) / Math.max(1, counts.photos)).toFixed(1)} %)`;
    lines.push(
      `| ${set} | ${counts.photos} | ${share(counts.in_sample.approve)} | ${share(counts.held_back.approve)} | ${share(counts.held_back.pending_review)} | ${share(counts.held_back.reject)} |`,
    );
  }
  const tag = path.basename(input, '.json').replace(/^moderation-kit-?/, '') || 'default';
  const out = path.join(REPO_ROOT, 'bench/results', `moderation-heldback-${tag}`);
  const rescored = Object.fromEntries(Object.entries(loaded.rescored).map(([category, list]) => [category, list.map((s) => s.cls)]));
  const report = { input: path.relative(REPO_ROOT, input), commit: bench.git.commit, heldBack: path.relative(REPO_ROOT, SERVED_V3_RESULTS), rescored, points: loaded.points, sets };
  const named = Object.entries(rescored)
    .map(([category, classes]) => `${category} (${classes.join(', ')})`)
    .join(', ');
  const pointsLine = Object.entries(loaded.points)
    .map(([cls, p]) => `${cls} ${p!.LOW} / ${p!.MEDIUM} / ${p!.HIGH}`)
    .join('; ');
  fs.writeFileSync(`${out}.json`, JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(
    `${out}.md`,
    [
      `# Standard moderation of the kit's photographs with the served network's held-back scores (${tag}, ${path.basename(SERVED_V3_RESULTS)})`,
      '',
      `From \`${report.input}\` (commit ${report.commit ?? 'unknown'}): ${named} re-scored from \`${report.heldBack}/heldback.tsv\` (each photo scored by the fold network that never saw its source, through the served calibrators, read against their operating points LOW / MEDIUM / HIGH: ${pointsLine}); the other categories as the service gave them; the moderator's decide() with the Standard rules. Written by \`bench/moderation-heldback.ts\`.`,
      '',
      '| Set | Photos | Approved, service (in-sample network) | Approved, held back | Review, held back | Reject, held back |',
      '|---|---|---|---|---|---|',
      ...lines,
      '',
      'Photos on which one re-scored signal alone (weight x risk) puts its category at MEDIUM or above:',
      '',
      `| Set | Photos | ${signals.map((s) => s.cls).join(' | ')} |`,
      `|---|---|${signals.map(() => '---').join('|')}|`,
      ...signalLines,
      '',
      'Per held-back source repository (family):',
      '',
      '| Set | Source | Photos | Approved, held back | Target reading |',
      '|---|---|---|---|---|',
      ...sourceLines,
      '',
    ].join('\n'),
  );
  process.stdout.write(`wrote ${path.relative(REPO_ROOT, out)}.{json,md}\n`);
}

main();
