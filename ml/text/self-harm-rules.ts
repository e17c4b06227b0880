// Weak self_harm labels for one thing the kit has no labels for: telling someone to kill or harm
// themselves ("kys", "go hang yourself"). The self-harm sources label the writer's own intent only
// (../shared/data/text/batch7-sources/self_harm.md, "Missing"); the English toxicity sources hold such
// lines, labelled toxic but not self-harm. A rule marks them: an act of self-harm aimed at "yourself"
// (or kys, slit your wrists, drink bleach, ...) that no negation word precedes ("don't kill yourself").
// Only rows whose self_harm is not annotated are marked; the marked rows are counted in the manifest.
import { TEXT_LABELS } from '@modsvc/common/classes';
import type { Row } from './data.ts';

const SELF_HARM = TEXT_LABELS.indexOf('self_harm');

const ENCOURAGEMENT = [
  /\b(?:kill|hang|shoot|stab|cut|neck|off|end|drown|hurt|harm|starve|burn) +(?:your ?self|yourselves|urself|ur ?self|yo ?self)\b/g,
  /\bk ?y ?s\b/g,
  /\bslit +(?:your|ur) +(?:wrists?|throat)\b/g,
  /\bdrink +(?:some +)?bleach\b/g,
  /\bjump +off +(?:a|the) +(?:bridge|cliff|building|roof)\b/g,
];

const NEGATION = new Set(['not', "don't", 'dont', 'do', 'never', "shouldn't", 'shouldnt', "wouldn't", 'wouldnt', "won't", 'wont', 'no', 'nobody', 'stop', 'please']);

/** Whether normalised text tells someone to harm themselves, outside a negation's reach (three words before). */
export function encouragesSelfHarm(norm: string): boolean {
  for (const re of ENCOURAGEMENT) {
    re.lastIndex = 0;
    for (let m = re.exec(norm); m !== null; m = re.exec(norm)) {
      const before = norm.slice(0, m.index).split(/\s+/).filter(Boolean).slice(-3);
      if (!before.some((w) => NEGATION.has(w))) return true;
    }
  }
  return false;
}

/** Marks English rows (outside the self-harm file) whose self_harm is empty and that match the rule; returns them. */
export function applySelfHarmRule(rows: Row[]): Row[] {
  const marked: Row[] = [];
  for (const r of rows) {
    if (r.lang !== 'en' || r.file === 'self_harm' || r.weak || !Number.isNaN(r.labels[SELF_HARM]!)) continue;
    if (!encouragesSelfHarm(r.norm)) continue;
    r.labels[SELF_HARM] = 1;
    marked.push(r);
  }
  return marked;
}
