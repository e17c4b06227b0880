// Node side of the v3 converter (run with `node --import tsx`, cwd services/vision-inference): the
// fixture images go through the service's own preprocessing, nothing is reimplemented in Python.
//   inputs <size> <out.bin> <manifest.json> <file>...
//     each file through decodeFrame + resizeFill(size x size) (src/models/preprocess.ts), as the
//     service prepares frames for its other networks: uint8 RGB, HWC, concatenated into out.bin;
//     manifest.json lists per file the sha256 of the file, the decoded frame's size and the sha256
//     of its preprocessed bytes (what test/v3-converter.test.ts recomputes).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeFrame, resizeFill } from '../../../services/vision-inference/src/models/preprocess.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function main(argv: string[]): Promise<void> {
  const [cmd, sizeArg, out, manifest, ...files] = argv;
  if (cmd !== 'inputs') throw new Error(`unknown command ${cmd ?? ''} (inputs)`);
  const size = Number(sizeArg);
  if (!out || !manifest || !(size > 0) || files.length === 0) {
    throw new Error('usage: inputs <size> <out.bin> <manifest.json> <file>...');
  }
  const parts: Buffer[] = [];
  const entries = [];
  for (const f of files) {
    const bytes = readFileSync(f);
    const frame = await decodeFrame(bytes);
    const r = await resizeFill(frame, size, size);
    if (r.data.length !== size * size * 3) throw new Error(`${f}: unexpected ${r.data.length} bytes`);
    parts.push(r.data);
    entries.push({ file: f, fileSha256: sha256(bytes), decoded: [frame.width, frame.height], inputSha256: sha256(r.data) });
  }
  writeFileSync(out, Buffer.concat(parts));
  writeFileSync(manifest, JSON.stringify({ size, preprocessing: 'decodeFrame + resizeFill', images: entries }, null, 2));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
