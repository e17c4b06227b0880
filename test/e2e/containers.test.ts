// The container images, built and started as operators run them: `make images`' script builds the
// service and vision-cpu targets (layers cached), then the distributed mode starts every service from
// its own image (vision-inference from modsvc-vision-cpu, the others from modsvc) on the host network
// against a NATS JetStream server on this host, and a job crosses them all to a signed webhook.
// Skipped, with the reason, only where neither a docker daemon nor buildah is there.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature, SIGNATURE_HEADER } from '@modsvc/common/webhook-signature';
import { ApiClient } from '../helpers/api.ts';
import { buildImages, containerLauncher, imageEngine, imageOf, removeContainers, serviceProcessOf, uidOf } from '../helpers/containers.ts';
import { DISTRIBUTED_SERVICES, startDistributedDeployment, type Deployment } from '../helpers/deployments.ts';
import { makeJpeg, makeMp4 } from '../helpers/media.ts';
import { tempDir } from '../helpers/processes.ts';
import { startReceiver, type Receiver } from '../helpers/receiver.ts';

const engine = imageEngine();
const why = engine ? null : 'neither a docker daemon nor buildah is available (make ensure-image-builder installs buildah on Debian as root)';
const imageFor = (service: string) => imageOf(service === 'vision-inference' ? 'vision-cpu' : 'service');

describe.skipIf(why !== null)(`container images (${engine ?? why})`, () => {
  const results = tempDir('images');
  const containers: string[] = [];
  let deployment: Deployment;
  let receiver: Receiver;
  let api: ApiClient;

  beforeAll(async () => {
    await buildImages(['service', 'vision-cpu'], results);
    deployment = await startDistributedDeployment({
      launcher: (service, dir) => {
        // The services run as uid 10001: the deployment's folder (tenants file, data) must be theirs to write.
        fs.chmodSync(dir, 0o777);
        return containerLauncher(engine!, imageFor(service), service, dir, containers);
      },
    });
    receiver = await startReceiver();
    api = new ApiClient(deployment.url);
    expect((await api.authenticate(deployment.tenants.acme.apiKey)).status).toBe(200);
  }, 3_600_000);

  afterAll(async () => {
    await deployment?.stop();
    await receiver?.close();
    if (engine === 'buildah') removeContainers(containers);
    fs.rmSync(results, { recursive: true, force: true });
  }, 120_000);

  it('builds the images non-root, without compilers or development dependencies, and reports their sizes', () => {
    const report = JSON.parse(fs.readFileSync(path.join(results, 'images.json'), 'utf8')) as {
      images: { target: string; image: string; bytes: number; uid: number; compilers: string[]; devDependencies: string[] }[];
      problems: string[];
    };
    expect(report.images.map((i) => i.image).sort()).toEqual([imageOf('service'), imageOf('vision-cpu')].sort());
    for (const i of report.images) {
      expect(i.uid, i.image).not.toBe(0);
      expect(i.compilers, i.image).toEqual([]);
      expect(i.devDependencies, i.image).toEqual([]);
      expect(i.bytes, i.image).toBeGreaterThan(100e6);
    }
    expect(report.problems).toEqual([]);
  });

  it('starts every service from its image, as the image user, each serving /metrics', async () => {
    expect([...deployment.services.keys()].sort()).toEqual([...DISTRIBUTED_SERVICES].sort());
    for (const [name, s] of deployment.services) {
      const node = serviceProcessOf(s.proc!.pid!);
      expect(node, `${name}: no node process below ${engine}`).not.toBeNull();
      expect(uidOf(node!), name).toBe(10001);
      const metrics = await fetch(`http://127.0.0.1:${s.env.METRICS_PORT}/metrics`);
      expect(metrics.status, name).toBe(200);
      expect(await metrics.text(), name).toMatch(/^modsvc_process_cpu_user_seconds_total /m);
    }
  });

  it('finishes a job across the services, every model in its image, and delivers the webhook signed', async () => {
    const submit = await api.submitFile(
      '/classify/items-characteristics/image',
      { data: await makeJpeg(), filename: 'photo.jpg', type: 'image/jpeg' },
      { caption: 'I will kill you, you worthless idiot', callback_url: `${receiver.url}/hooks/containers` },
    );
    expect(submit.status).toBe(200);
    const jobId = submit.body.job_id as string;
    const done = await api.waitForJob(`/classify/items-characteristics/image/${jobId}`, 240_000);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const results = done.body.results as Record<string, Record<string, number | null>>;
    // Scored by vision-inference's models and text-toxicity's inside their images.
    expect(results.caption_language_toxicity!.toxicity).toBeTypeOf('number');
    expect(Object.values(results.violence ?? {}).some((v) => typeof v === 'number')).toBe(true);

    const call = await receiver.waitFor((c) => c.body.includes(jobId), 120_000);
    expect(call.url).toBe('/hooks/containers');
    expect(verifySignature(call.body, deployment.tenants.acme.signingSecret!, call.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
  }, 300_000);

  it('finishes a video job (ffmpeg and the speech recogniser inside the service image)', async () => {
    const clip = fs.readFileSync(await makeMp4(results, { seconds: 3 }));
    const submit = await api.submitFile('/classify/items-characteristics/video', { data: clip, filename: 'clip.mp4', type: 'video/mp4' }, { callback_url: `${receiver.url}/hooks/video` });
    expect(submit.status).toBe(200);
    const jobId = submit.body.job_id as string;
    const done = await api.waitForJob(`/classify/items-characteristics/video/${jobId}`, 240_000);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const call = await receiver.waitFor((c) => c.body.includes(jobId), 120_000);
    expect(verifySignature(call.body, deployment.tenants.acme.signingSecret!, call.headers[SIGNATURE_HEADER.toLowerCase()])).toBe(true);
  }, 300_000);

  it('every service stopped with SIGTERM inside its container exits cleanly', async () => {
    // Callers before the services they call, as a rolling shutdown would.
    for (const name of [...DISTRIBUTED_SERVICES].reverse()) {
      const s = deployment.services.get(name)!;
      await s.stop('SIGTERM');
      expect(s.proc!.exitCode, name).toBe(0);
    }
  }, 180_000);
});
