// The part of `make images` that checks each built runtime image and writes bench/results/images.{json,md}:
// its size, its user (must not be root), that it holds no compiler (make only where the target needs it:
// `models` runs `make models`) and no development dependency of the workspace, and that node starts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const { ENGINE, BUILT = '', SKIPPED = '', RESULTS = 'bench/results' } = process.env;
/** build.sh's "target image [why]" lines. */
const lines = (v) =>
  v
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [target, image, ...why] = l.split(' ');
      return { target, image, why: why.join(' ') };
    });
const COMPILERS = ['gcc', 'g++', 'cc', 'c++', 'clang', 'python3'];
/** Development dependencies of the workspace that must never reach a runtime image. */
const DEV_PACKAGES = ['vitest', 'typescript', 'eslint', 'openapi-typescript', 'playwright-core'];

const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Runs a shell line inside the image as its configured user. */
function inImage(image, line) {
  if (ENGINE === 'docker') return run('docker', ['run', '--rm', '--network', 'none', '--entrypoint', 'sh', image, '-c', line]);
  const ctr = run('buildah', ['from', '--quiet', image]);
  try {
    return run('buildah', ['run', '--isolation', 'chroot', ctr, '--', 'sh', '-c', line]);
  } finally {
    run('buildah', ['rm', ctr]);
  }
}

function sizeBytes(image) {
  if (ENGINE === 'docker') return Number(run('docker', ['image', 'inspect', '--format', '{{.Size}}', image]));
  // buildah lists a rounded figure: the mounted root file system's size is exact.
  const mounted = run('buildah', ['from', '--quiet', image]);
  try {
    const dir = run('buildah', ['mount', mounted]);
    return Number(run('du', ['-sb', '--apparent-size', dir]).split(/\s+/)[0]);
  } finally {
    run('buildah', ['umount', mounted]);
    run('buildah', ['rm', mounted]);
  }
}

function userOf(image) {
  if (ENGINE === 'docker') return run('docker', ['image', 'inspect', '--format', '{{.Config.User}}', image]);
  return run('buildah', ['inspect', '--type', 'image', '--format', '{{.OCIv1.Config.User}}', image]);
}

/** What one run inside the image finds: its uid, node's version, compilers on PATH, the installed packages. */
function inspectInside(image) {
  const out = inImage(
    image,
    `id -u; node -p process.versions.node; echo '#found'; for c in ${COMPILERS.join(' ')} make; do command -v "$c" || true; done; echo '#packages'; ls /app/node_modules/.pnpm 2>/dev/null || true`,
  ).split('\n');
  const found = out.indexOf('#found');
  const packages = out.indexOf('#packages');
  return { uid: Number(out[0]), node: out[1], found: out.slice(found + 1, packages).filter(Boolean), packages: out.slice(packages + 1) };
}

const images = lines(BUILT).map(({ target, image }) => {
  const inside = inspectInside(image);
  const compilers = inside.found.filter((f) => !(target === 'models' && path.basename(f) === 'make'));
  const dev = inside.packages.filter((d) => DEV_PACKAGES.some((p) => d.startsWith(`${p}@`)));
  return { target, image, bytes: sizeBytes(image), user: userOf(image), uid: inside.uid, node: inside.node, compilers, devDependencies: dev };
});
const problems = images.flatMap((i) => [
  ...(i.uid === 0 ? [`${i.image} runs as root`] : []),
  ...i.compilers.map((c) => `${i.image} holds a compiler: ${c}`),
  ...i.devDependencies.map((d) => `${i.image} holds a development dependency: ${d}`),
]);
const skipped = lines(SKIPPED);
const report = { at: new Date().toISOString(), engine: ENGINE, images, skipped, problems };
mkdirSync(RESULTS, { recursive: true });
writeFileSync(path.join(RESULTS, 'images.json'), JSON.stringify(report, null, 2) + '\n');
const mb = (b) => (b / 1e6).toFixed(0);
const md = [
  '# Container images (`make images`)',
  '',
  `Built ${report.at.slice(0, 10)} with ${ENGINE}${ENGINE === 'buildah' ? ' on a local Debian bookworm base with Node.js ' + (images[0]?.node ?? '?') + ' (scripts/images/make-base.sh)' : ''}.`,
  '',
  '| image | target | size (MB, uncompressed) | user | compilers | dev dependencies |',
  '|---|---|---:|---|---|---|',
  ...images.map((i) => `| \`${i.image}\` | ${i.target} | ${mb(i.bytes)} | ${i.user} | ${i.compilers.join(', ') || 'none'} | ${i.devDependencies.join(', ') || 'none'} |`),
  ...skipped.map((s) => `| \`${s.image}\` | ${s.target} | not built: ${s.why} | | | |`),
  '',
].join('\n');
writeFileSync(path.join(RESULTS, 'images.md'), md);
process.stdout.write(md);
if (problems.length) {
  process.stderr.write(`make images: ${problems.join('; ')}\n`);
  process.exit(1);
}
