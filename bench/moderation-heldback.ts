// What the Standard moderator would decide on the kit's photographs if vision v3 had never seen them.
// bench/moderation-kit.ts runs every photograph through the service, whose v3 network trained on every
// kit source: its firearm and violence scores on kit photographs are in-sample. This replays those
// decisions with the two categories v3 decides re-scored from held-back scores instead: each photo's
// firearm and violence probabilities from the fold network that never saw its source
// (train/v3/results/<served run>/heldback.tsv), through the served calibrators, as ARMS_AMMO and
// DEATH_INJURY_MILITARY. The other categories keep the levels the service gave (nsfwjs, the detector,
// the heads, OCR text: none of them trained on these photographs, except pills, also v3, in DRUGS).
// A DEATH_INJURY_MILITARY level the service set from text (triggered_by not `violence`) is kept where it
// is higher. Decisions come from the moderator's own decide() with the Standard rules.
// Run: npx tsx bench/moderation-heldback.ts [bench/results/moderation-kit-<tag>.json]
//   -> bench/results/moderation-heldback-<tag>.{json,md}
import fs from 'node:fs';
import path from 'node:path';
import { SERVED_V3_RESULTS } from '../services/vision-inference/train/v3-results.ts';
import { REPO_ROOT } from '../test/helpers/processes.ts';
import { heldBackDecision, loadHeldBack, readKitBench, RESCORED } from './heldback-decisions.ts';

function main(): void {
  const input = path.resolve(REPO_ROOT, process.argv[2] ?? 'bench/results/moderation-kit-v3-folds.json');
  const bench = readKitBench(input);
  const { rows: heldBack, calibrated } = loadHeldBack();

  const sets: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [set, images] of Object.entries(bench.images)) {
    const counts = { photos: 0, missing: 0, in_sample: { approve: 0, pending_review: 0, reject: 0 }, held_back: { approve: 0, pending_review: 0, reject: 0 } };
    const approvedHeldBack: string[] = [];
    for (const img of images) {
      if (img.decision === 'failed') continue;
      const r = heldBack.get(img.file);
      if (!r) {
        counts.missing++;
        continue;
      }
      counts.photos++;
      const d = heldBackDecision(img, r, calibrated);
      counts.held_back[d as keyof typeof counts.held_back]++;
      counts.in_sample[img.decision as keyof typeof counts.in_sample]++;
      if (d === 'approve' && set !== 'benign') approvedHeldBack.push(img.file);
    }
    sets[set] = { ...counts, approved_held_back: approvedHeldBack.sort() };
    const share = (n: number) => `${n} (${((100 * n) / Math.max(1, counts.photos)).toFixed(1)} %)`;
    lines.push(
      `| ${set} | ${counts.photos} | ${share(counts.in_sample.approve)} | ${share(counts.held_back.approve)} | ${share(counts.held_back.pending_review)} | ${share(counts.held_back.reject)} |`,
    );
  }
  const tag = path.basename(input, '.json').replace(/^moderation-kit-?/, '') || 'default';
  const out = path.join(REPO_ROOT, 'bench/results', `moderation-heldback-${tag}`);
  const rescored = Object.fromEntries(Object.entries(RESCORED).map(([category, { cls }]) => [category, cls]));
  const report = { input: path.relative(REPO_ROOT, input), commit: bench.git.commit, heldBack: path.relative(REPO_ROOT, SERVED_V3_RESULTS), rescored, sets };
  fs.writeFileSync(`${out}.json`, JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(
    `${out}.md`,
    [
      `# Standard moderation of the kit's photographs with v3's held-back scores (${tag})`,
      '',
      `From \`${report.input}\` (commit ${report.commit ?? 'unknown'}): ARMS_AMMO and DEATH_INJURY_MILITARY re-scored from \`${report.heldBack}/heldback.tsv\` (firearm, violence: each photo scored by the fold network that never saw its source, through the served calibrators); the other categories as the service gave them; the moderator's decide() with the Standard rules. Written by \`bench/moderation-heldback.ts\`.`,
      '',
      '| Set | Photos | Approved, service (in-sample v3) | Approved, held back | Review, held back | Reject, held back |',
      '|---|---|---|---|---|---|',
      ...lines,
      '',
    ].join('\n'),
  );
  process.stdout.write(`wrote ${path.relative(REPO_ROOT, out)}.{json,md}\n`);
}

main();
