// Vision v3 ONNX export (ml/vision/v3/export_v3.py): the served network, artifacts/vision-v3.onnx, must
// compute what PyTorch computed on the fixture's inputs (test/fixtures/v3-export.fixture.json, written
// with it by `make export-vision-v3`), through the service's ONNX loader.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'vitest';
import { checkAgainst } from './helpers/onnx-export-check.ts';

const artifacts = path.resolve(import.meta.dirname, '../artifacts');
const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = path.join(fixtures, 'v3-export.fixture.json');

describe.skipIf(!existsSync(path.join(artifacts, 'vision-v3.onnx')))('vision v3 ONNX export: the served network (artifacts/vision-v3.onnx)', () => {
  checkAgainst(fixtures, 'v3-export', 1e-4, artifacts, fixture);
});
