// Letterbox and pillarbox bars of a video: near-black rows and columns at the frame's edges that every
// frame shares (a 4:3 or portrait video padded to 16:9, a film's black bands). The models were fitted on
// pictures without them: a padded frame shows the picture smaller and reads differently (firearm moved
// by more than 0.1 on 87 of 400 kit photographs padded so; docs/vision.md, "Letterboxed video"). A
// video's frames are cropped to what the bars leave. Stills are not: a black border there is part of
// the picture the models were measured on.
import type { DecodedFrame, RgbImage } from './preprocess.ts';

export interface Bars {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** A channel value at or below this is black (JPEG leaves bars at 0-20). */
export const BAR_LEVEL = 24;
/** A row or column is a bar when at most this share of its pixels is brighter than BAR_LEVEL (noise at the edge of the picture). */
const BRIGHT_SHARE = 0.01;
/** Bars thinner than this share of the side are left (a dark edge, not padding). */
const MIN_BAR = 0.02;
/** The picture the bars leave must keep at least this share of each side, or nothing is cropped (a black frame). */
const MIN_KEPT = 0.25;

function isDark(img: RgbImage, start: number, step: number, count: number): boolean {
  let bright = 0;
  const allowed = Math.floor(count * BRIGHT_SHARE);
  for (let i = 0, o = start; i < count; i++, o += step) {
    if (img.data[o]! > BAR_LEVEL || img.data[o + 1]! > BAR_LEVEL || img.data[o + 2]! > BAR_LEVEL) {
      if (++bright > allowed) return false;
    }
  }
  return true;
}

/** The dark rows and columns at each edge of one frame (a black frame is dark through). */
export function darkEdges(img: RgbImage): Bars {
  const { width: w, height: h } = img;
  const row = (y: number) => isDark(img, y * w * 3, 3, w);
  const col = (x: number) => isDark(img, x * 3, w * 3, h);
  let top = 0;
  while (top < h && row(top)) top++;
  let bottom = 0;
  while (bottom < h - top && row(h - 1 - bottom)) bottom++;
  let left = 0;
  while (left < w && col(left)) left++;
  let right = 0;
  while (right < w - left && col(w - 1 - right)) right++;
  return { top, bottom, left, right };
}

/** A frame's size and its dark edges (darkEdges), all sharedBars needs of it. */
export interface FrameEdges {
  width: number;
  height: number;
  edges: Bars;
}

/**
 * The bars every frame of a video shares (each edge's thinnest, so a dark scene does not widen them),
 * or null when there are none worth cropping: frames of different sizes, bars under 2 % of a side, or
 * less than a quarter of a side left between them.
 */
export function sharedBars(frames: readonly FrameEdges[]): Bars | null {
  const first = frames[0];
  if (!first || frames.some((f) => f.width !== first.width || f.height !== first.height)) return null;
  const min = (k: keyof Bars) => Math.min(...frames.map((f) => f.edges[k]));
  const bars = { top: min('top'), bottom: min('bottom'), left: min('left'), right: min('right') };
  const minV = Math.ceil(first.height * MIN_BAR);
  const minH = Math.ceil(first.width * MIN_BAR);
  const cut: Bars = {
    top: bars.top >= minV ? bars.top : 0,
    bottom: bars.bottom >= minV ? bars.bottom : 0,
    left: bars.left >= minH ? bars.left : 0,
    right: bars.right >= minH ? bars.right : 0,
  };
  if (cut.top + cut.bottom + cut.left + cut.right === 0) return null;
  if (first.height - cut.top - cut.bottom < first.height * MIN_KEPT || first.width - cut.left - cut.right < first.width * MIN_KEPT) return null;
  return cut;
}

/** The frame without its bars; its source size and offset follow, so evidence boxes still land in source pixels. */
export function cropBars(frame: DecodedFrame, bars: Bars): DecodedFrame {
  const width = frame.width - bars.left - bars.right;
  const height = frame.height - bars.top - bars.bottom;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((y + bars.top) * frame.width + bars.left) * 3;
    frame.data.copy(data, y * width * 3, from, from + width * 3);
  }
  const kx = frame.sourceWidth / frame.width;
  const ky = frame.sourceHeight / frame.height;
  const [ox, oy] = frame.sourceOffset ?? [0, 0];
  return {
    data,
    width,
    height,
    sourceWidth: width * kx,
    sourceHeight: height * ky,
    sourceOffset: [ox + bars.left * kx, oy + bars.top * ky],
  };
}
