// The labels of the functional template groups, the same in every language (train/functional/*.ts).
// A benign text has toxicity 0, which sets its other labels to 0 in training (train.ts imputedLabels).
export type GroupLabels = Readonly<Record<string, number>>;

/** A threat of violence at a person, a group or a place. */
export const THREAT: GroupLabels = { toxicity: 1, threat: 1, identity_attack: 0, sexual_explicit: 0, self_harm: 0 };
/** Telling someone to kill or harm themselves. */
export const ENCOURAGE: GroupLabels = { toxicity: 1, self_harm: 1, threat: 0, identity_attack: 0, sexual_explicit: 0 };
/** The writer's own suicidal intent or self-injury (not toxic). */
export const OWN: GroupLabels = { toxicity: 0, self_harm: 1 };
/** Dehumanising or demeaning a group for who they are. */
export const DEHUMANISATION: GroupLabels = { toxicity: 1, identity_attack: 1, threat: 0, self_harm: 0, sexual_explicit: 0 };
/** Unwanted sexual comments or demands at a person. */
export const SEXUAL: GroupLabels = { toxicity: 1, sexual_explicit: 1, identity_attack: 0, self_harm: 0 };
/** Sexual demands backed by a threat to expose someone. */
export const SEXTORTION: GroupLabels = { toxicity: 1, sexual_explicit: 1, threat: 1, identity_attack: 0, self_harm: 0 };
/** Benign look-alikes: figures of speech, sport and gaming talk, news, counter-speech, support. */
export const BENIGN: GroupLabels = { toxicity: 0 };
