// Middle-finger gesture from a 21-point hand skeleton (human's hand module, MediaPipe layout).
// Pure geometry, no I/O and no model: the caller passes one hand's keypoints.
//
// Keypoint indices (MediaPipe hand landmarks, as @vladmandic/human returns them in
// `result.hand[i].keypoints`, each [x, y, z] in the input's pixels; z optional):
//    0 wrist
//    1-4   thumb  (1 CMC, 2 MCP, 3 IP,  4 tip)
//    5-8   index  (5 MCP, 6 PIP, 7 DIP, 8 tip)
//    9-12  middle (9 MCP, 10 PIP, 11 DIP, 12 tip)
//   13-16  ring   (13 MCP, 14 PIP, 15 DIP, 16 tip)
//   17-20  little (17 MCP, 18 PIP, 19 DIP, 20 tip)
//
// The rule: the middle finger is extended while the index, ring and little fingers are folded (the
// thumb is ignored: it is tucked or sticking out in real gestures alike). Every measure is a ratio of
// distances or an unsigned angle, so the score does not change with the hand's position, size or
// in-plane rotation, nor between a left and a right hand (a mirror image).
//
// Per finger f (MCP m, PIP p, DIP d, tip t; wrist w; palm size S):
//   bend(f)  = flexion at PIP + flexion at DIP: the angle between m->p and p->d plus the angle between
//              p->d and d->t (0 deg = straight; a finger folded into a fist bends ~150-200 deg).
//   reach(f) = (|t - w| - |p - w|) / S: how far the tip lies beyond the PIP joint, seen from the
//              wrist (a straight finger ~ +0.3 to +0.5, a folded one <= 0: its tip comes back
//              towards the palm).
//   extension(f) = geometric mean of ramp(bend, BEND_FOLDED -> BEND_STRAIGHT) and
//              ramp(reach, REACH_FOLDED -> REACH_STRAIGHT), in [0, 1]: 1 only when the finger is
//              both straight and reaching out; a finger seen end-on (pointing at the camera) looks
//              short, so its reach, hence its extension, is low.
//   S = max(|w - MCP_middle|, PALM_WIDTH_K * |MCP_index - MCP_little|): palm length, or the
//       knuckle span where the palm is foreshortened.
// Score = geometric mean (a soft AND) of
//   extension(middle),
//   1 - max(extension(index), extension(ring), extension(little)),
//   dominance = ramp((|tip_middle - w| - max over index, ring, little of |tip - w|) / S, DOM_LOW -> DOM_HIGH):
//               the middle fingertip is clearly the farthest from the wrist.
// The dominance term keeps an open palm (every finger extended; middle longest by only ~0.1 S) and a
// peace sign (index and middle level) low even when the joint angles are noisy.
// The constants (RULE) were set by hand from hand anatomy before measuring; moving any of them by
// about a third changed the kit's recall (handlandmark-full, at FPR <= 1 %) by at most one image.
//
// Use (human's hand module: handtrack detector + handlandmark skeleton; see the eval script for the config):
//   const r = await human.detect(tensor);
//   const { score } = bestMiddleFingerHand(r.hand); // r.hand[i]: { keypoints, fingerScore, ... }
// bestMiddleFingerHand skips hands whose skeleton confidence (`fingerScore`) is below MIN_FINGER_SCORE;
// `keypoints` is [] when human refused the skeleton (fingerScore < minConfidence): that hand scores 0.
// The measured figures (recall, FPRs, timings) are in train/results/hand-gesture*.json.

/** One keypoint: [x, y] or [x, y, z] (z is ignored unless `use3d`); human's `Point` ([number, number, number?]) fits. */
export type HandKeypoint = readonly [number, number, number?] | readonly number[];

export type FingerName = 'thumb' | 'index' | 'middle' | 'ring' | 'little';

/** Keypoint indices of each finger, base to tip: [MCP (CMC for the thumb), PIP, DIP, tip]. */
export const FINGER_KEYPOINTS: Record<FingerName, readonly [number, number, number, number]> = {
  thumb: [1, 2, 3, 4],
  index: [5, 6, 7, 8],
  middle: [9, 10, 11, 12],
  ring: [13, 14, 15, 16],
  little: [17, 18, 19, 20],
};
export const WRIST = 0;

/** Ramps and weights of the rule (see the header); fixed by hand from hand anatomy, not fitted. */
export const RULE = {
  BEND_STRAIGHT: 35, // degrees of PIP+DIP flexion at or below which a finger counts as straight
  BEND_FOLDED: 110, // ... at or above which it counts as folded
  REACH_STRAIGHT: 0.3, // tip beyond PIP (palm sizes) at or above which a finger reaches out
  REACH_FOLDED: 0.05, // ... at or below which it is folded
  DOM_LOW: 0.1, // middle tip farther than any other tip by <= this (palm sizes): no dominance
  DOM_HIGH: 0.35, // ... by >= this: full dominance
  PALM_WIDTH_K: 1.2, // knuckle span -> palm length
} as const;

/**
 * Score at or above which a hand counts as the gesture: set before measuring (the middle of the
 * scale); the kit's data-chosen threshold is in train/results/hand-gesture.json.
 */
export const MIDDLE_FINGER_THRESHOLD = 0.5;

/**
 * Hands whose skeleton confidence (human's `fingerScore`) is below this are not scored. With a low
 * minConfidence human returns many junk skeletons on hand-less regions, nearly all at fingerScore 0.51;
 * with handlandmark-lite some of them happen to look like the gesture (6 % of benign photos at 0.5
 * without this gate, 11 % with the flip pass; none with it). Set after looking at the kit: any value
 * in 0.52-0.7 gave the same figures.
 */
export const MIN_FINGER_SCORE = 0.55;

export interface FingerMeasure {
  /** PIP + DIP flexion, degrees. */
  bend: number;
  /** (|tip - wrist| - |PIP - wrist|) / palm size. */
  reach: number;
  /** 0 = folded .. 1 = extended. */
  extension: number;
}

export interface MiddleFingerScore {
  /** 0..1; >= MIDDLE_FINGER_THRESHOLD = middle finger up, index/ring/little folded. */
  score: number;
  /** False when the input is not a usable 21-point hand (then every figure is 0). */
  valid: boolean;
  /** Palm size in the keypoints' units. */
  palm: number;
  /** (|tip_middle - wrist| - max other |tip - wrist|) / palm (index, ring, little). */
  dominance: number;
  fingers: Record<Exclude<FingerName, 'thumb'>, FingerMeasure>;
}

export interface HandGestureOptions {
  /**
   * Use z as a third coordinate. Off by default: human's z is in the skeleton model's crop units, not the
   * image's, and on the kit 3D measures were no better (slightly worse) than 2D.
   */
  use3d?: boolean;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Linear ramp: 0 at `zero`, 1 at `one` (either direction), clamped. */
const ramp = (v: number, zero: number, one: number) => clamp01((v - zero) / (one - zero));

type Vec = [number, number, number];

function point(kp: readonly HandKeypoint[], i: number, use3d: boolean): Vec | null {
  const p = kp[i];
  if (!p || p.length < 2) return null;
  const [x, y] = p as [number, number];
  const z = use3d ? (p[2] ?? 0) : 0;
  if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return null;
  return [x, y, z];
}

const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const norm = (a: Vec) => Math.hypot(a[0], a[1], a[2]);
const dist = (a: Vec, b: Vec) => norm(sub(a, b));

/** Unsigned angle between two vectors, degrees (0 when either is degenerate). */
function angle(a: Vec, b: Vec): number {
  const na = norm(a);
  const nb = norm(b);
  if (na === 0 || nb === 0) return 0;
  const c = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (na * nb);
  return (Math.acos(Math.max(-1, Math.min(1, c))) * 180) / Math.PI;
}

function measureFinger(pts: Vec[], f: Exclude<FingerName, 'thumb'>, palm: number): FingerMeasure {
  const [mi, pi, di, ti] = FINGER_KEYPOINTS[f];
  const w = pts[WRIST]!;
  const m = pts[mi]!;
  const p = pts[pi]!;
  const d = pts[di]!;
  const t = pts[ti]!;
  const bend = angle(sub(p, m), sub(d, p)) + angle(sub(d, p), sub(t, d));
  const reach = (dist(t, w) - dist(p, w)) / palm;
  const extension = Math.sqrt(ramp(bend, RULE.BEND_FOLDED, RULE.BEND_STRAIGHT) * ramp(reach, RULE.REACH_FOLDED, RULE.REACH_STRAIGHT));
  return { bend, reach, extension };
}

const ZERO_FINGER: FingerMeasure = { bend: 0, reach: 0, extension: 0 };
const INVALID: MiddleFingerScore = {
  score: 0,
  valid: false,
  palm: 0,
  dominance: 0,
  fingers: { index: ZERO_FINGER, middle: ZERO_FINGER, ring: ZERO_FINGER, little: ZERO_FINGER },
};

/**
 * Scores one hand's 21 keypoints (MediaPipe order, see the header) for "middle finger extended,
 * index, ring and little folded". Returns the score in [0, 1] and the per-finger measures; an input
 * with fewer than 21 finite points, or a degenerate (zero-size) palm, scores 0 with valid = false.
 */
export function middleFingerScore(keypoints: readonly HandKeypoint[], opts: HandGestureOptions = {}): MiddleFingerScore {
  if (!Array.isArray(keypoints) || keypoints.length < 21) return INVALID;
  const use3d = opts.use3d ?? false;
  const pts: Vec[] = [];
  for (let i = 0; i < 21; i++) {
    const p = point(keypoints, i, use3d);
    if (!p) return INVALID;
    pts.push(p);
  }
  const w = pts[WRIST]!;
  const palm = Math.max(dist(w, pts[9]!), RULE.PALM_WIDTH_K * dist(pts[5]!, pts[17]!));
  if (!(palm > 1e-6)) return INVALID;
  const fingers = {
    index: measureFinger(pts, 'index', palm),
    middle: measureFinger(pts, 'middle', palm),
    ring: measureFinger(pts, 'ring', palm),
    little: measureFinger(pts, 'little', palm),
  };
  const tipDist = (f: Exclude<FingerName, 'thumb'>) => dist(pts[FINGER_KEYPOINTS[f][3]]!, w);
  const dominance = (tipDist('middle') - Math.max(tipDist('index'), tipDist('ring'), tipDist('little'))) / palm;
  const others = Math.max(fingers.index.extension, fingers.ring.extension, fingers.little.extension);
  const score = Math.cbrt(fingers.middle.extension * (1 - others) * ramp(dominance, RULE.DOM_LOW, RULE.DOM_HIGH));
  return { score, valid: true, palm, dominance, fingers };
}

/** True when the hand's score reaches `threshold` (default MIDDLE_FINGER_THRESHOLD). */
export function isMiddleFingerGesture(keypoints: readonly HandKeypoint[], threshold = MIDDLE_FINGER_THRESHOLD, opts: HandGestureOptions = {}): boolean {
  return middleFingerScore(keypoints, opts).score >= threshold;
}

/** A hand as human returns it (`result.hand[i]`); only these two fields are read. */
export interface HandLike {
  keypoints: readonly HandKeypoint[];
  /** Skeleton confidence (human's `fingerScore`); a hand without it is scored. */
  fingerScore?: number;
}

export interface BestHand {
  /** Highest score over the scored hands (0 when none). */
  score: number;
  /** Index of that hand in the input (-1 when none). */
  hand: number;
  result: MiddleFingerScore | null;
}

/**
 * The frame's score: the highest middleFingerScore over its hands, skipping those whose fingerScore is
 * below `minFingerScore` (default MIN_FINGER_SCORE).
 */
export function bestMiddleFingerHand(hands: readonly HandLike[], opts: HandGestureOptions & { minFingerScore?: number } = {}): BestHand {
  const minFinger = opts.minFingerScore ?? MIN_FINGER_SCORE;
  let best: BestHand = { score: 0, hand: -1, result: null };
  hands.forEach((h, i) => {
    if (h.fingerScore !== undefined && h.fingerScore < minFinger) return;
    const r = middleFingerScore(h.keypoints, opts);
    if (r.valid && (best.result === null || r.score > best.score)) best = { score: r.score, hand: i, result: r };
  });
  return best;
}
