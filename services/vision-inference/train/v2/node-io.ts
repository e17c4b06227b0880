// Node side of the v2 Python tools (run with `node --import tsx`): nothing here is reimplemented in
// Python, so the converter reads exactly what the service reads.
//   model <outDir>                      nsfwjs' MobileNetV2 as model.json (topology + weightsManifest)
//                                       and weights.bin (the raw shard bytes), plus the source sha256s
//   inputs <size> <out.bin> <file>...   each image through the service's preprocessing
//                                       (decodeFrame + resizeFill to size x size): uint8 RGB, NHWC
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeFrame, resizeFill } from '../../src/models/preprocess.ts';

const require = createRequire(import.meta.url);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function main(argv: string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  if (cmd === 'model') {
    const outDir = rest[0];
    if (!outDir) throw new Error('usage: model <outDir>');
    // nsfwjs/dist/cjs/index.js -> package root (as src/models/nsfw.ts resolves it)
    const pkgDir = path.resolve(path.dirname(require.resolve('nsfwjs')), '..', '..');
    const modelDir = path.join(pkgDir, 'dist', 'models', 'mobilenet_v2');
    const modelFile = path.join(modelDir, 'model.min.js');
    const shardFile = path.join(modelDir, 'group1-shard1of1.min.js');
    const model = require(modelFile) as { modelTopology: unknown; weightsManifest: unknown };
    const shard = Buffer.from(require(shardFile) as string, 'base64');
    const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'model.json'), JSON.stringify(model));
    writeFileSync(path.join(outDir, 'weights.bin'), shard);
    writeFileSync(
      path.join(outDir, 'source.json'),
      JSON.stringify(
        {
          package: `nsfwjs@${pkg.version}`,
          files: [
            { file: 'dist/models/mobilenet_v2/model.min.js', sha256: sha256(readFileSync(modelFile)) },
            { file: 'dist/models/mobilenet_v2/group1-shard1of1.min.js', sha256: sha256(readFileSync(shardFile)) },
          ],
          weightsBinSha256: sha256(shard),
        },
        null,
        2,
      ),
    );
    return;
  }
  if (cmd === 'inputs') {
    const [sizeArg, out, ...files] = rest;
    const size = Number(sizeArg);
    if (!out || !(size > 0) || files.length === 0) throw new Error('usage: inputs <size> <out.bin> <file>...');
    const parts: Buffer[] = [];
    for (const f of files) {
      const frame = await decodeFrame(readFileSync(f));
      const r = await resizeFill(frame, size, size);
      if (r.data.length !== size * size * 3) throw new Error(`${f}: unexpected ${r.data.length} bytes`);
      parts.push(r.data);
    }
    writeFileSync(out, Buffer.concat(parts));
    return;
  }
  throw new Error(`unknown command ${cmd ?? ''} (model | inputs)`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
