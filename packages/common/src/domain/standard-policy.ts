// The Standard policy tier: the spec's five categories, then two extensions (SELF_HARM, HARASSMENT),
// derived from item scores by a versioned table. A category's score is the maximum of weight x risk over
// its contributing signals that some model scored, a signal's risk being its calibrated probability read
// against its own operating points (signalRisk in policy-rules.ts); with no scored signal it is null and
// its risk level UNKNOWN. Changing weights, categories, the Standard thresholds or the risk scale
// (RISK_THRESHOLDS and signalRisk in policy-rules.ts, with the risk-level function) means a new
// POLICY_TABLE_VERSION (reported in every policy result). A text label's own operating points say when
// it is worth a review, so a label that is the category's content (threat, sexual_explicit, self_harm,
// identity_attack) weighs 1: it reaches MEDIUM at its MEDIUM point. Labels that only overlap with the
// category weigh less (severe_toxicity in HATE_SPEECH, toxicity in HARASSMENT: only past their HIGH
// point do they send a text to review).
import type { TextLabel, VisualClass } from '../classes.ts';

export const POLICY_TABLE_VERSION = 'standard-2026-12-01';

export type PolicySignal = { visual: VisualClass; weight: number } | { text: TextLabel; weight: number };

export interface PolicyCategoryDefinition<Name extends string = string> {
  name: Name;
  description: string;
  signals: readonly PolicySignal[];
}

const TABLE = [
  {
    name: 'SEXUAL',
    description: 'Adult and sexual content: nudity, sexual activity, sexually explicit language.',
    signals: [
      { visual: 'adult_content', weight: 1 },
      { visual: 'exposed_genitalia_f', weight: 1 },
      { visual: 'exposed_genitalia_m', weight: 1 },
      { visual: 'exposed_breast_f', weight: 1 },
      { visual: 'exposed_anus', weight: 1 },
      { visual: 'exposed_buttocks', weight: 0.8 },
      { visual: 'adult_toys', weight: 0.8 },
      { visual: 'suggestive', weight: 0.6 },
      { text: 'sexual_explicit', weight: 1 },
    ],
  },
  {
    name: 'DRUGS',
    description: 'Non-medical drugs: cannabis, recreational pills, tobacco and alcohol use.',
    signals: [
      { visual: 'marijuana', weight: 1 },
      { visual: 'recreational_pills', weight: 1 },
      { visual: 'pills', weight: 0.7 },
      { visual: 'smoking_and_tobacco', weight: 0.6 },
      { visual: 'alcohol', weight: 0.5 },
    ],
  },
  {
    name: 'DEATH_INJURY_MILITARY',
    description: 'Violence and injury: violent acts, blood and injury, threats of violence.',
    signals: [
      { visual: 'violence', weight: 1 },
      { visual: 'violent_knife', weight: 1 },
      { text: 'threat', weight: 1 },
    ],
  },
  {
    name: 'ARMS_AMMO',
    description: 'Weapons and firearms: guns, ammunition, knives and other weapons.',
    signals: [
      { visual: 'firearm', weight: 1 },
      { visual: 'violent_knife', weight: 1 },
      { visual: 'knife', weight: 0.6 },
    ],
  },
  {
    name: 'HATE_SPEECH',
    description: 'Hate speech and hate symbols: attacks on identity groups, extremist symbols.',
    signals: [
      { visual: 'nazi_swastika', weight: 1 },
      { visual: 'confederate_flag', weight: 0.7 },
      { visual: 'pepe_frog', weight: 0.5 },
      { text: 'identity_attack', weight: 1 },
      { text: 'severe_toxicity', weight: 0.6 },
    ],
  },
  // Extensions beyond the spec's five: results list them after the five, so a caller reading only those keeps working.
  {
    name: 'SELF_HARM',
    description: 'Self-harm and suicide: suicidal intent, self-injury, telling someone to harm or kill themselves.',
    signals: [{ text: 'self_harm', weight: 1 }],
  },
  {
    name: 'HARASSMENT',
    description: 'Harassment and bullying: insults, threats at a person, severe abuse, toxic language aimed at someone.',
    signals: [
      { text: 'insult', weight: 1 },
      { text: 'threat', weight: 1 },
      { text: 'severe_toxicity', weight: 1 },
      { text: 'toxicity', weight: 0.7 },
    ],
  },
] as const satisfies readonly PolicyCategoryDefinition[];

export type StandardCategoryName = (typeof TABLE)[number]['name'];

export const STANDARD_CATEGORIES: readonly PolicyCategoryDefinition<StandardCategoryName>[] = TABLE;

// A non-empty tuple, as zod's enum wants it.
export const STANDARD_CATEGORY_NAMES = TABLE.map((c) => c.name) as [StandardCategoryName, ...StandardCategoryName[]];

/** The Standard categories beyond the spec's five (documented extensions), in the order results list them. */
export const EXTENSION_CATEGORY_NAMES: readonly StandardCategoryName[] = ['SELF_HARM', 'HARASSMENT'];
