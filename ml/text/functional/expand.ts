// Expands functional templates (HateCheck-style test cases written by the team) into training rows.
// A template holds alternatives in braces, `{kill|stab|shoot}`, and named lists, `{@target}`; each
// template yields up to `perTemplate` distinct texts, chosen by a seeded PRNG, so a run is reproducible.
import { mulberry32 } from '@modsvc/common/seeded-random';

/** A group of templates that share their labels (label -> value; absent labels are not annotated). */
export interface TemplateGroup {
  name: string;
  labels: Record<string, number>;
  templates: readonly string[];
  /** Texts per template (default 6). */
  perTemplate?: number;
}

export type SlotLists = Readonly<Record<string, readonly string[]>>;

const BRACES = /\{([^{}]*)\}/;

/** One random expansion of `template`: each `{a|b|c}` picks one alternative, each `{@name}` one entry of `lists[name]`. */
export function expandOnce(template: string, lists: SlotLists, rand: () => number): string {
  let text = template;
  for (let guard = 0; guard < 100; guard++) {
    const m = BRACES.exec(text);
    if (!m) break;
    const body = m[1]!;
    const choices = body.startsWith('@') ? lists[body.slice(1)] : body.split('|');
    if (!choices || choices.length === 0) throw new Error(`template ${JSON.stringify(template)}: no list ${body}`);
    const pick = choices[Math.floor(rand() * choices.length)]!;
    text = text.slice(0, m.index) + pick + text.slice(m.index + m[0].length);
  }
  return text.replace(/\s+/g, ' ').replace(/\s+([,.!?])/g, '$1').trim();
}

export interface FunctionalRow {
  id: string;
  text: string;
  group: string;
  labels: Record<string, number>;
}

/** Every group's templates expanded (distinct texts within a group, in template order). */
export function expandGroups(groups: readonly TemplateGroup[], lists: SlotLists, seed: number, idPrefix: string): FunctionalRow[] {
  const rand = mulberry32(seed);
  const out: FunctionalRow[] = [];
  for (const g of groups) {
    const seen = new Set<string>();
    g.templates.forEach((t, ti) => {
      const want = g.perTemplate ?? 6;
      for (let k = 0, tries = 0; k < want && tries < want * 8; tries++) {
        const text = expandOnce(t, lists, rand);
        const key = text.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ id: `${idPrefix}_${g.name}_${ti}_${k}`, text, group: g.name, labels: g.labels });
        k++;
      }
    });
  }
  return out;
}
