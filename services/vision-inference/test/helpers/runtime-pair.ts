// The served analyzer next to one running the tfjs-wasm originals, for tests that check a converted
// network scores every class as the original did.
import { createVisionAnalyzer, type DetailedVisionAnalyzer, type VisionAnalyzerOptions } from '../../src/analyzer.ts';
import { settingsSchema } from '../../src/settings.ts';

/** Runs `fn` with both analyzers initialised (`reference`: the settings that select the originals), then closes them. */
export async function withServedAndOriginal(
  reference: Record<string, string>,
  opts: VisionAnalyzerOptions,
  fn: (served: DetailedVisionAnalyzer, original: DetailedVisionAnalyzer) => Promise<void>,
): Promise<void> {
  const served = createVisionAnalyzer(settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu' }), opts);
  const original = createVisionAnalyzer(settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', ...reference }), opts);
  try {
    await served.init();
    await original.init();
    await fn(served, original);
  } finally {
    await served.close();
    await original.close();
  }
}
