import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeForPdq, hammingDistance, hashImage, hashImageDihedral, pdqFromPixels, type PixelBuffer } from '../src/index.ts';
import { syntheticImage } from './synthetic-images.ts';

const picture = syntheticImage({ width: 900, height: 600, channels: 3, seed: 21, shapes: 14, noise: 6 });

function encode(image: PixelBuffer): sharp.Sharp {
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

describe('decoding for PDQ', () => {
  it('shrinks to fit 512x512, never enlarges, and keeps full size on request', async () => {
    const png = await encode(picture).png().toBuffer();
    expect(await decodeForPdq(png)).toMatchObject({ width: 512, height: 341, channels: 3 });
    expect(await decodeForPdq(png, { maxDimension: 0 })).toMatchObject({ width: 900, height: 600 });
    const small = await encode(syntheticImage({ width: 200, height: 120, channels: 3, seed: 1, shapes: 3, noise: 0 })).png().toBuffer();
    expect(await decodeForPdq(small)).toMatchObject({ width: 200, height: 120 });
    await expect(decodeForPdq(png, { maxDimension: -1 })).rejects.toThrow(/maxDimension/);
  });

  it('hashes a raw frame as it hashes the same frame saved losslessly', async () => {
    const png = await encode(picture).png().toBuffer();
    expect((await hashImage(picture)).hex).toBe((await hashImage(png)).hex);
    expect((await hashImageDihedral(picture)).variants.rotate90.hex).toBe((await hashImageDihedral(png)).variants.rotate90.hex);
  });

  it('turns pictures upright by their EXIF orientation', async () => {
    const upright = await encode(picture).jpeg({ quality: 95 }).toBuffer();
    // Stored rotated 90° clockwise, tagged "rotate 90° counter-clockwise to display" (6 = CW, 8 = CCW).
    const storedSideways = await sharp(await encode(picture).rotate(90).png().toBuffer())
      .withMetadata({ orientation: 8 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const [a, b] = await Promise.all([hashImage(upright), hashImage(storedSideways)]);
    expect(hammingDistance(a.hash, b.hash)).toBeLessThanOrEqual(4);
  });

  it('flattens transparency onto white', async () => {
    const { width, height } = picture;
    const opaque = new Uint8Array(width * height * 3);
    const transparent = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const hole = (i % width) < width / 3;
      opaque.set(hole ? [255, 255, 255] : picture.pixels.subarray(3 * i, 3 * i + 3), 3 * i);
      transparent.set(hole ? [0, 0, 0, 0] : [...picture.pixels.subarray(3 * i, 3 * i + 3), 255], 4 * i);
    }
    const onWhite = await hashImage(await sharp(opaque, { raw: { width, height, channels: 3 } }).png().toBuffer());
    const seeThrough = await hashImage(await sharp(transparent, { raw: { width, height, channels: 4 } }).png().toBuffer());
    expect(seeThrough.hex).toBe(onWhite.hex);
  });

  it('reads grey, 16-bit grey and CMYK pictures as 8-bit RGB', async () => {
    const grey = syntheticImage({ width: 300, height: 200, channels: 1, seed: 22, shapes: 8, noise: 6 });
    const expected = pdqFromPixels(grey).hex;
    for (const encoded of [encode(grey).png(), encode(grey).toColourspace('grey16').png()]) {
      const decoded = await decodeForPdq(await encoded.toBuffer());
      expect(decoded).toMatchObject({ width: 300, height: 200, channels: 3 });
      expect(pdqFromPixels(decoded).hex).toBe(expected);
    }
    const fromRgb = pdqFromPixels(await decodeForPdq(await encode(picture).png().toBuffer()));
    const fromCmyk = await decodeForPdq(await encode(picture).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer());
    expect(fromCmyk.channels).toBe(3);
    expect(hammingDistance(pdqFromPixels(fromCmyk).hash, fromRgb.hash)).toBeLessThanOrEqual(16);
  });

  it('hashes the stored colour values, ignoring an embedded ICC profile unless asked', async () => {
    const meanDifference = (a: Uint8Array, b: Uint8Array): number => a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
    const untagged = await decodeForPdq(await encode(picture).png().toBuffer());
    // Written with a Display P3 profile: sharp converts the values into P3 as it tags them.
    const tagged = await encode(picture).withIccProfile('p3').png().toBuffer();
    const stored = await decodeForPdq(tagged);
    const managed = await decodeForPdq(tagged, { applyIccProfile: true });
    expect(meanDifference(stored.pixels, untagged.pixels)).toBeGreaterThan(2);
    expect(meanDifference(managed.pixels, untagged.pixels)).toBeLessThan(1);
  });

  it('rejects bytes that are no picture', async () => {
    await expect(hashImage(new Uint8Array([1, 2, 3, 4]))).rejects.toThrow();
  });
});
