import { describe, expect, it } from 'vitest';
import {
  MIDDLE_FINGER_THRESHOLD,
  MIN_FINGER_SCORE,
  bestMiddleFingerHand,
  isMiddleFingerGesture,
  middleFingerScore,
  type HandKeypoint,
} from '../src/models/hand-gesture.ts';

// Hand-made skeletons (no model, no data): a right hand built in 3D (palm in the x-y plane, palm
// length |wrist - middle MCP| = 1, image y pointing down so "up" is -y), fingers flexed towards the
// camera (+z) at MCP, PIP and DIP, then projected to image pixels by dropping z, as a camera facing
// the palm would see it.
type V3 = [number, number, number];
type Flex = [number, number, number]; // MCP, PIP, DIP flexion, degrees
const STRAIGHT: Flex = [0, 5, 5];
const FOLDED: Flex = [80, 100, 60];

const FINGERS = {
  index: { mcp: [-0.32, -0.95, 0] as V3, len: [0.45, 0.27, 0.22], splay: -8 },
  middle: { mcp: [-0.06, -1, 0] as V3, len: [0.5, 0.3, 0.24], splay: 0 },
  ring: { mcp: [0.18, -0.95, 0] as V3, len: [0.47, 0.28, 0.23], splay: 6 },
  little: { mcp: [0.38, -0.84, 0] as V3, len: [0.36, 0.21, 0.2], splay: 14 },
};
type Finger = keyof typeof FINGERS;

const rad = (d: number) => (d * Math.PI) / 180;

function fingerChain(f: Finger, flex: Flex, splayExtra = 0): V3[] {
  const { mcp, len, splay } = FINGERS[f];
  const s = rad(splay + splayExtra);
  const u: V3 = [Math.sin(s), -Math.cos(s), 0];
  const pts: V3[] = [mcp];
  let theta = 0;
  let p = mcp;
  for (let i = 0; i < 3; i++) {
    theta += rad(flex[i]!);
    const d: V3 = [u[0] * Math.cos(theta), u[1] * Math.cos(theta), Math.sin(theta)];
    p = [p[0] + len[i]! * d[0], p[1] + len[i]! * d[1], p[2] + len[i]! * d[2]];
    pts.push(p);
  }
  return pts;
}

function thumbChain(out: boolean): V3[] {
  // out: sticking out sideways (open palm, thumbs up); otherwise tucked across the folded fingers.
  return out
    ? [
        [-0.25, -0.25, 0],
        [-0.5, -0.45, 0],
        [-0.68, -0.62, 0],
        [-0.82, -0.8, 0],
      ]
    : [
        [-0.25, -0.25, 0.05],
        [-0.42, -0.5, 0.2],
        [-0.3, -0.72, 0.35],
        [-0.1, -0.8, 0.4],
      ];
}

interface Pose {
  index: Flex;
  middle: Flex;
  ring: Flex;
  little: Flex;
  thumbOut: boolean;
  splay?: Partial<Record<Finger, number>>;
}

function hand3d(p: Pose): V3[] {
  return [
    [0, 0, 0],
    ...thumbChain(p.thumbOut),
    ...fingerChain('index', p.index, p.splay?.index),
    ...fingerChain('middle', p.middle, p.splay?.middle),
    ...fingerChain('ring', p.ring, p.splay?.ring),
    ...fingerChain('little', p.little, p.splay?.little),
  ];
}

interface View {
  /** In-plane rotation, degrees. */
  roll?: number;
  /** Rotation about the hand's long axis before projection (hand seen obliquely), degrees. */
  yaw?: number;
  /** Left hand: the image mirrored. */
  mirror?: boolean;
  scale?: number;
}

/** Projects to image pixels ([x, y, z], z kept as a depth the rule ignores by default). */
function project(pts: V3[], v: View = {}): HandKeypoint[] {
  const scale = v.scale ?? 80;
  const cr = Math.cos(rad(v.roll ?? 0));
  const sr = Math.sin(rad(v.roll ?? 0));
  const cy = Math.cos(rad(v.yaw ?? 0));
  const sy = Math.sin(rad(v.yaw ?? 0));
  return pts.map(([x, y, z]) => {
    const x1 = x * cy + z * sy;
    const z1 = -x * sy + z * cy;
    let x2 = x1 * cr - y * sr;
    const y2 = x1 * sr + y * cr;
    if (v.mirror) x2 = -x2;
    return [160 + scale * x2, 200 + scale * y2, scale * z1];
  });
}

const POSES: Record<string, Pose> = {
  openPalm: { index: STRAIGHT, middle: STRAIGHT, ring: STRAIGHT, little: STRAIGHT, thumbOut: true },
  fist: { index: FOLDED, middle: FOLDED, ring: FOLDED, little: FOLDED, thumbOut: false },
  middleFinger: { index: FOLDED, middle: STRAIGHT, ring: FOLDED, little: FOLDED, thumbOut: false },
  indexPointing: { index: STRAIGHT, middle: FOLDED, ring: FOLDED, little: FOLDED, thumbOut: false },
  peace: { index: STRAIGHT, middle: STRAIGHT, ring: FOLDED, little: FOLDED, thumbOut: false, splay: { index: -12, middle: 8 } },
  thumbsUp: { index: FOLDED, middle: FOLDED, ring: FOLDED, little: FOLDED, thumbOut: true },
  horns: { index: STRAIGHT, middle: FOLDED, ring: FOLDED, little: STRAIGHT, thumbOut: false },
  ringUp: { index: FOLDED, middle: FOLDED, ring: STRAIGHT, little: FOLDED, thumbOut: false },
  // A sloppy real gesture: the middle finger up, index and ring only half folded, thumb out.
  middleFingerLoose: { index: [55, 75, 40], middle: [5, 5, 5], ring: [55, 75, 40], little: [70, 90, 50], thumbOut: true },
};

const score = (pose: string, view: View = {}) => middleFingerScore(project(hand3d(POSES[pose]!), view)).score;

const VIEWS: [string, View][] = [
  ['upright', {}],
  ['rotated 90 degrees', { roll: 90 }],
  ['rotated 180 degrees', { roll: 180 }],
  ['rotated -90 degrees', { roll: -90 }],
  ['mirrored (left hand)', { mirror: true }],
  ['mirrored and rotated 90 degrees', { mirror: true, roll: 90 }],
  ['seen at 45 degrees', { yaw: 45 }],
  ['small (10 px palm)', { scale: 10 }],
];

describe('middleFingerScore on hand-made skeletons', () => {
  it.each(VIEWS)('a middle finger up scores high: %s', (_name, view) => {
    const r = middleFingerScore(project(hand3d(POSES.middleFinger!), view));
    expect(r.valid).toBe(true);
    expect(r.score).toBeGreaterThan(0.8);
    expect(r.fingers.middle.extension).toBeGreaterThan(0.9);
    for (const f of ['index', 'ring', 'little'] as const) expect(r.fingers[f].extension).toBeLessThan(0.1);
    expect(isMiddleFingerGesture(project(hand3d(POSES.middleFinger!), view))).toBe(true);
  });

  it('does not depend on the hand rotation, mirroring or size', () => {
    const base = score('middleFinger');
    for (const [, view] of VIEWS.filter(([, v]) => !v.yaw)) expect(score('middleFinger', view)).toBeCloseTo(base, 6);
  });

  it('a loosely folded hand with the middle finger up still passes', () => {
    expect(score('middleFingerLoose')).toBeGreaterThanOrEqual(MIDDLE_FINGER_THRESHOLD);
    expect(score('middleFingerLoose', { roll: 180, mirror: true })).toBeGreaterThanOrEqual(MIDDLE_FINGER_THRESHOLD);
  });

  const negatives = ['openPalm', 'fist', 'indexPointing', 'peace', 'thumbsUp', 'horns', 'ringUp'];
  for (const pose of negatives) {
    it.each(VIEWS)(`${pose} stays below the threshold: %s`, (_name, view) => {
      expect(score(pose, view)).toBeLessThan(MIDDLE_FINGER_THRESHOLD);
      expect(isMiddleFingerGesture(project(hand3d(POSES[pose]!), view))).toBe(false);
    });
  }

  it('measures each finger: open palm all extended, fist all folded', () => {
    const open = middleFingerScore(project(hand3d(POSES.openPalm!)));
    const fist = middleFingerScore(project(hand3d(POSES.fist!)));
    for (const f of ['index', 'middle', 'ring', 'little'] as const) {
      expect(open.fingers[f].extension).toBeGreaterThan(0.9);
      expect(open.fingers[f].bend).toBeLessThan(15);
      expect(fist.fingers[f].extension).toBe(0);
      expect(fist.fingers[f].reach).toBeLessThan(0);
    }
    // Open palm: the middle fingertip is the farthest, but only just.
    expect(open.dominance).toBeGreaterThan(0);
    expect(open.dominance).toBeLessThan(0.15);
    expect(open.score).toBe(0);
  });

  it('the peace sign keeps the middle extended but fails on the index', () => {
    const r = middleFingerScore(project(hand3d(POSES.peace!)));
    expect(r.fingers.middle.extension).toBeGreaterThan(0.9);
    expect(r.fingers.index.extension).toBeGreaterThan(0.9);
    expect(r.score).toBe(0);
  });

  it('ignores z unless asked, and accepts [x, y] points', () => {
    const kp = project(hand3d(POSES.middleFinger!));
    const flat = kp.map((p) => [p[0]!, p[1]!]);
    expect(middleFingerScore(flat).score).toBeCloseTo(middleFingerScore(kp).score, 10);
    // With z the (3D-built) skeleton is measured in 3D: still the gesture.
    expect(middleFingerScore(kp, { use3d: true }).score).toBeGreaterThan(0.8);
    expect(middleFingerScore(project(hand3d(POSES.fist!)), { use3d: true }).score).toBe(0);
  });

  it('refuses what is not a 21-point hand', () => {
    const kp = project(hand3d(POSES.middleFinger!));
    expect(middleFingerScore([])).toMatchObject({ score: 0, valid: false });
    expect(middleFingerScore(kp.slice(0, 20))).toMatchObject({ score: 0, valid: false });
    expect(middleFingerScore(kp.map((p, i) => (i === 12 ? [NaN, p[1]!] : p)))).toMatchObject({ score: 0, valid: false });
    expect(middleFingerScore(kp.map(() => [5, 5, 0]))).toMatchObject({ score: 0, valid: false });
    expect(isMiddleFingerGesture([])).toBe(false);
  });
});

describe('bestMiddleFingerHand (a frame of human hands)', () => {
  const up = project(hand3d(POSES.middleFinger!), { roll: 20 });
  const open = project(hand3d(POSES.openPalm!), { mirror: true });

  it('takes the best hand and says which', () => {
    const r = bestMiddleFingerHand([
      { keypoints: open, fingerScore: 0.9 },
      { keypoints: [], fingerScore: 0.3 }, // skeleton refused by human
      { keypoints: up, fingerScore: 0.73 },
    ]);
    expect(r.hand).toBe(2);
    expect(r.score).toBeCloseTo(middleFingerScore(up).score, 10);
    expect(r.result?.fingers.middle.extension).toBeGreaterThan(0.9);
  });

  it('skips skeletons below MIN_FINGER_SCORE (human junk skeletons sit at 0.51)', () => {
    expect(bestMiddleFingerHand([{ keypoints: up, fingerScore: 0.51 }])).toEqual({ score: 0, hand: -1, result: null });
    expect(bestMiddleFingerHand([{ keypoints: up, fingerScore: MIN_FINGER_SCORE }]).hand).toBe(0);
    expect(bestMiddleFingerHand([{ keypoints: up, fingerScore: 0.51 }], { minFingerScore: 0 }).hand).toBe(0);
    // Without a fingerScore the hand is scored.
    expect(bestMiddleFingerHand([{ keypoints: up }]).score).toBeGreaterThan(0.8);
  });

  it('scores 0 with no usable hand', () => {
    expect(bestMiddleFingerHand([])).toEqual({ score: 0, hand: -1, result: null });
    expect(bestMiddleFingerHand([{ keypoints: [], fingerScore: 0.9 }])).toEqual({ score: 0, hand: -1, result: null });
    // A valid hand scoring 0 is still reported as the best hand.
    expect(bestMiddleFingerHand([{ keypoints: open, fingerScore: 0.9 }])).toMatchObject({ score: 0, hand: 0 });
  });
});
