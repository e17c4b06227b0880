// The spec's items-and-characteristics taxonomy: every group and class name, in spec order.
export const CLASS_GROUPS = {
  violence: ['violence', 'firearm', 'knife', 'violent_knife'],
  substances: ['alcohol', 'drink', 'smoking_and_tobacco', 'marijuana', 'pills', 'recreational_pills'],
  nsfw: [
    'adult_content', 'suggestive', 'adult_toys', 'medical', 'over_18', 'exposed_anus', 'exposed_armpits',
    'exposed_belly', 'covered_belly', 'covered_buttocks', 'exposed_buttocks', 'covered_feet', 'exposed_feet',
    'covered_breast_f', 'exposed_breast_f', 'covered_genitalia_f', 'exposed_genitalia_f', 'exposed_breast_m',
    'exposed_genitalia_m',
  ],
  hate_symbols: ['confederate_flag', 'pepe_frog', 'nazi_swastika'],
  caption_language_toxicity: [
    'toxicity', 'severe_toxicity', 'obscene', 'insult', 'identity_attack', 'threat', 'sexual_explicit',
  ],
  visual_content: [
    'artistic', 'comic', 'meme', 'screenshot', 'map', 'poster_cover', 'game_screenshot', 'face_filter',
    'promo_info_graphic', 'photo',
  ],
  other: ['child', 'middle_finger_gesture', 'toy', 'gambling_machine', 'face_f', 'face_m'],
} as const;

export type ClassGroup = keyof typeof CLASS_GROUPS;
export type SpecClass = (typeof CLASS_GROUPS)[ClassGroup][number];
export type VisualGroup = Exclude<ClassGroup, 'caption_language_toxicity'>;
export type VisualClass = (typeof CLASS_GROUPS)[VisualGroup][number];

export const TOXICITY_LABELS = CLASS_GROUPS.caption_language_toxicity;
export type ToxicityLabel = (typeof TOXICITY_LABELS)[number];

/**
 * Text labels scored beyond the spec's seven (documented extensions, reported next to them):
 * self_harm is suicidal intent, self-injury, or telling someone to harm or kill themselves.
 */
export const TEXT_EXTENSION_LABELS = ['self_harm'] as const;
export type TextExtensionLabel = (typeof TEXT_EXTENSION_LABELS)[number];

/** Every label the text model scores: the spec's caption_language_toxicity labels, then the extensions. */
export const TEXT_LABELS = [...TOXICITY_LABELS, ...TEXT_EXTENSION_LABELS] as const;
export type TextLabel = (typeof TEXT_LABELS)[number];

export const VISUAL_GROUPS = Object.keys(CLASS_GROUPS).filter(
  (g) => g !== 'caption_language_toxicity',
) as VisualGroup[];

export const VISUAL_CLASSES: VisualClass[] = VISUAL_GROUPS.flatMap((g) => [...CLASS_GROUPS[g]]) as VisualClass[];

/** A score is a calibrated probability, or null when no loaded model scores the class. */
export type Score = number | null;
export type ClassScores<C extends string> = Record<C, Score>;

export function groupOf(cls: SpecClass): ClassGroup {
  for (const g of Object.keys(CLASS_GROUPS) as ClassGroup[]) {
    if ((CLASS_GROUPS[g] as readonly string[]).includes(cls)) return g;
  }
  throw new Error(`unknown class ${cls}`);
}

export function emptyScores<C extends string>(classes: readonly C[]): ClassScores<C> {
  return Object.fromEntries(classes.map((c) => [c, null])) as ClassScores<C>;
}
