import type { PixelBuffer, PixelChannels } from '../src/index.ts';

// Deterministic test pictures from integer arithmetic only (no Math.sin and the like, whose
// last bits may differ between engines), so every machine builds the same pixels.

export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticSpec {
  width: number;
  height: number;
  channels: PixelChannels;
  seed: number;
  /** Rectangles and discs in flat colours drawn over the gradient. */
  shapes: number;
  /** Uniform noise of ± this much per pixel. */
  noise: number;
}

interface Shape {
  disc: boolean;
  x: number;
  y: number;
  size: number;
  colour: number[];
}

export function syntheticImage(spec: SyntheticSpec): PixelBuffer {
  const { width, height, channels, seed, shapes, noise } = spec;
  const random = seededRandom(seed);
  const int = (below: number): number => Math.floor(random() * below);
  const slopeX = 1 + int(4);
  const slopeY = int(4);
  const span = slopeX * width + slopeY * height;
  const drawn: Shape[] = Array.from({ length: shapes }, () => ({
    disc: random() < 0.5,
    x: int(width),
    y: int(height),
    size: 1 + int(Math.max(1, Math.floor(Math.min(width, height) / 3))),
    colour: [int(256), int(256), int(256)],
  }));
  const pixels = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ramp = Math.floor(((slopeX * x + slopeY * y) * 255) / span);
      let colour = [ramp, 255 - ramp, Math.floor((ramp * y) / Math.max(1, height))];
      for (const shape of drawn) {
        const dx = x - shape.x;
        const dy = y - shape.y;
        const inside = shape.disc ? dx * dx + dy * dy <= shape.size * shape.size : dx >= 0 && dy >= 0 && dx < shape.size && dy < (shape.size >> 1) + 1;
        if (inside) colour = shape.colour;
      }
      const jitter = noise > 0 ? int(2 * noise + 1) - noise : 0;
      const at = (y * width + x) * channels;
      const values = channels <= 2 ? [colour[0]!] : colour;
      values.forEach((value, c) => (pixels[at + c] = Math.min(255, Math.max(0, value + jitter))));
      if (channels === 2 || channels === 4) pixels[at + channels - 1] = int(256);
    }
  }
  return { pixels, width, height, channels };
}
