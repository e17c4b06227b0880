// A still reaches vision-inference as uploaded (frame-extractor reads only its header), so a file whose
// pixels are damaged is found when its frame is decoded, and fails its job in the caller's words.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PermanentJobError } from '@modsvc/common/errors';
import { ImageDecodeError, decodeFrame } from '../src/models/preprocess.ts';
import { framesUndecodable } from '../src/frame-failures.ts';

const LIMIT = 50_000_000;

async function circlePng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><circle cx="160" cy="120" r="90" fill="#3050f0"/></svg>') }])
    .png()
    .toBuffer();
}

async function failureOf(bytes: Buffer): Promise<unknown> {
  return decodeFrame(bytes, 1024, LIMIT).then(
    () => null,
    (err: unknown) => err,
  );
}

describe('a frame that cannot be decoded', () => {
  it("fails a truncated PNG or JPEG with the caller's message, the decoder's text kept as the cause", async () => {
    const png = await circlePng();
    const jpeg = await sharp(png).jpeg().toBuffer();
    const cuts: [string, Buffer][] = [
      ...[64, 300, Math.floor(png.length / 2), png.length - 20].map((at): [string, Buffer] => [`PNG cut at ${at} of ${png.length}`, png.subarray(0, at)]),
      [`JPEG cut at half of ${jpeg.length}`, jpeg.subarray(0, Math.floor(jpeg.length / 2))],
    ];
    for (const [what, bytes] of cuts) {
      const err = await failureOf(bytes);
      expect(err, what).toBeInstanceOf(ImageDecodeError);
      expect((err as ImageDecodeError).reason, what).toBe('corrupt');
      const failure = framesUndecodable(err, 'image', LIMIT);
      expect(failure, what).toBeInstanceOf(PermanentJobError);
      expect(failure!.message).toBe('Failed to decode image. The file is truncated or corrupt.');
      expect(String((failure as Error & { cause?: Error }).cause?.message), what).toMatch(/cannot decode image/);
    }
  });

  it('decodes what a viewer shows: a JPEG with bytes after its end', async () => {
    const jpeg = await sharp(await circlePng()).jpeg().toBuffer();
    const frame = await decodeFrame(Buffer.concat([jpeg, Buffer.from('trailing bytes a camera or an editor left')]), 1024, LIMIT);
    expect([frame.width, frame.height]).toEqual([320, 240]);
  });

  it('names a decompression bomb by the limit, and a video frame as the video', async () => {
    const big = await decodeFrame(await circlePng(), 1024, 10_000).catch((e: unknown) => e);
    expect((big as ImageDecodeError).reason).toBe('too_large');
    expect(framesUndecodable(big, 'image', 10_000)!.message).toBe('Failed to decode image. It exceeds the 0.01 megapixel limit.');
    expect(framesUndecodable(new ImageDecodeError('cannot decode image: x'), 'video', LIMIT)!.message).toBe('Failed to decode video. The file is truncated or corrupt.');
  });

  it('leaves any other error to the stage (retried as transient)', () => {
    expect(framesUndecodable(new Error('onnxruntime: out of memory'), 'image', LIMIT)).toBeNull();
  });
});
