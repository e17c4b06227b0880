// Vision v2 ONNX export (train/v2/export_onnx.py): onnxruntime-node, through the service's ONNX
// loader (src/models/onnx.ts), must compute what PyTorch computed on the same inputs.
// * v2-tiny.onnx (committed, 0.5 MB): the same VisionV2 architecture at width 0.2 with seeded
//   weights, exported by the same exporter code, so the exporter -> loader path is always tested.
// * the full network (converted nsfwjs backbone, trained or not) is ~9 MB and stays out of git, in
//   train/.cache/v2/export/ (`make export-vision-v2`); its test is skipped only when it is absent.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';
import { checkAgainst } from './helpers/onnx-export-check.ts';

describe('vision v2 ONNX export: tiny network (committed)', () => {
  checkAgainst(path.join(import.meta.dirname, 'fixtures'), 'v2-tiny', 1e-4);
});

const exportDir = path.resolve(import.meta.dirname, '../train/.cache/v2/export');
for (const name of ['vision-v2', 'vision-v2-untrained']) {
  const have = existsSync(path.join(exportDir, `${name}.onnx`)) && existsSync(path.join(exportDir, `${name}.fixture.json`));
  // Absent on a fresh checkout: `make export-vision-v2` writes them (needs python3-torch; see docs/vision-v2.md).
  describe.skipIf(!have)(`vision v2 ONNX export: ${name} (train/.cache/v2/export, from make export-vision-v2)`, () => {
    checkAgainst(exportDir, name, 1e-4);
  });
}
