// The Standard policy tier: five categories derived from item scores by a versioned table.
// A category's score is the maximum of weight x score over its contributing signals that some model
// scored; with no scored signal it is null and its risk level UNKNOWN. Changing weights or the Standard
// thresholds (RISK_THRESHOLDS in policy-rules.ts, with the risk-level function) means a new
// POLICY_TABLE_VERSION (reported in every policy result).
import type { ToxicityLabel, VisualClass } from '../classes.ts';

export const POLICY_TABLE_VERSION = 'standard-2026-11-22';

export type PolicySignal = { visual: VisualClass; weight: number } | { text: ToxicityLabel; weight: number };

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
      { text: 'sexual_explicit', weight: 0.9 },
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
      { text: 'threat', weight: 0.9 },
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
] as const satisfies readonly PolicyCategoryDefinition[];

export type StandardCategoryName = (typeof TABLE)[number]['name'];

export const STANDARD_CATEGORIES: readonly PolicyCategoryDefinition<StandardCategoryName>[] = TABLE;

// A non-empty tuple, as zod's enum wants it.
export const STANDARD_CATEGORY_NAMES = TABLE.map((c) => c.name) as [StandardCategoryName, ...StandardCategoryName[]];
