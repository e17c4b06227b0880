// Runs one VisionAnalyzer inside a worker thread and answers the pool's requests (see analyzer-pool.ts).
// The settings come from the pool as workerData: the thread never reads the environment.
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalyzeOptions, FrameInput } from '@modsvc/common/contracts';
import { ApiError, type ApiErrorCode } from '@modsvc/common/errors';
import { createVisionAnalyzer } from './analyzer.ts';
import { ImageDecodeError, type ImageDecodeFailure } from './models/preprocess.ts';
import type { VisionSettings } from './settings.ts';

export type PoolRequest =
  | { id: number; type: 'init' }
  | { id: number; type: 'analyze'; frames: { timestamp: number; data: Uint8Array }[]; opts?: AnalyzeOptions }
  | { id: number; type: 'embed'; images: Uint8Array[] }
  | { id: number; type: 'close' };

/**
 * `code`: the ApiError code of an error meant for the caller (a bad image); `decode`: why a frame could not
 * be decoded (an ImageDecodeError). Both are kept across the thread boundary.
 */
export type PoolReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string; code?: ApiErrorCode; decode?: ImageDecodeFailure };

if (parentPort) {
  const port = parentPort;
  const analyzer = createVisionAnalyzer(workerData as VisionSettings);
  port.on('message', (req: PoolRequest) => {
    const run = async (): Promise<unknown> => {
      switch (req.type) {
        case 'init':
          await analyzer.init();
          return analyzer.models();
        case 'analyze': {
          const frames: FrameInput[] = req.frames.map((f) => ({ timestamp: f.timestamp, data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength) }));
          return analyzer.analyze(frames, req.opts);
        }
        case 'embed':
          return analyzer.embed(req.images.map((d) => Buffer.from(d.buffer, d.byteOffset, d.byteLength)));
        case 'close':
          await analyzer.close();
          return null;
      }
    };
    run().then(
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies PoolReply),
      (err: Error) =>
        port.postMessage({
          id: req.id,
          ok: false,
          error: err?.message ?? String(err),
          ...(err instanceof ApiError ? { code: err.code } : {}),
          ...(err instanceof ImageDecodeError ? { decode: err.reason } : {}),
        } satisfies PoolReply),
    );
  });
}
