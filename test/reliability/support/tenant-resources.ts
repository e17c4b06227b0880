// Tenant A's resources that the documented routes name in their paths, created through the API, so that
// tenant B's requests for them test isolation (A's own request for the same id is answered).
import fs from 'node:fs';
import { makeMp4, makePng } from '../../helpers/media.ts';
import type { ReliabilityContext } from './context.ts';
import { pollUntilFinal } from './job-poller.ts';
import type { DocumentedRoute } from './openapi-routes.ts';
import { submitWithRetries } from './submit.ts';

export interface TenantResources {
  /** Job ids by `<product>/<media>` (a job is only found under its own product and media). */
  jobs: Record<string, string>;
  /** Other path parameters (bank_id, content_id, version, moderation_job_id) by name. */
  ids: Record<string, string>;
}

async function createJobs(ctx: ReliabilityContext): Promise<Record<string, string>> {
  const png = await makePng(64, 48);
  const mp4 = fs.readFileSync(await makeMp4(ctx.dir, { seconds: 1, audio: false }));
  const jobs: Record<string, string> = {};
  for (const product of ['items-characteristics', 'policy']) {
    for (const media of ['image', 'video']) {
      const file = media === 'image' ? { data: png, filename: 'a.png', type: 'image/png' } : { data: mp4, filename: 'a.mp4', type: 'video/mp4' };
      const r = await submitWithRetries({ baseUrl: ctx.deployment.url, token: ctx.acme.token!, path: `/classify/${product}/${media}`, file, fields: { callback_url: `${ctx.receiver.url}/hooks/tenant-a` } }, 120_000);
      if (r.status !== 200) throw new Error(`tenant A's ${product}/${media} job: HTTP ${r.status} ${JSON.stringify(r.body)}`);
      jobs[`${product}/${media}`] = String(r.body.job_id);
    }
  }
  const final = await pollUntilFinal(ctx.acme, Object.entries(jobs).map(([kind, jobId]) => ({ jobId, path: `/classify/${kind}/${jobId}` })), 300_000);
  const unfinished = [...final.entries()].filter(([, s]) => s.status !== 'done');
  if (unfinished.length) throw new Error(`tenant A's jobs did not finish: ${JSON.stringify(unfinished)}`);
  return jobs;
}

/** A hash bank with one item, when the deployment documents hash banks. */
async function createBank(ctx: ReliabilityContext): Promise<Record<string, string>> {
  const bank = await ctx.acme.postJson('/banks', { name: 'tenant-isolation' });
  if (bank.status !== 201 && bank.status !== 200) throw new Error(`POST /banks: HTTP ${bank.status} ${JSON.stringify(bank.body)}`);
  const bankId = String(bank.body.bank_id);
  const item = await ctx.acme.submitFile(`/banks/${bankId}/content`, { data: await makePng(64, 64), filename: 'known.png', type: 'image/png' });
  if (item.status !== 201 && item.status !== 200) throw new Error(`POST /banks/{bank_id}/content: HTTP ${item.status} ${JSON.stringify(item.body)}`);
  // A video too, as vPDQ (frame_number,quality,pdq_hex,timestamp), for the routes about a banked video.
  const frames = [0, 1, 2].map((n) => `${n},100,${((n + 1) * 0x1111).toString(16).padStart(4, '0').repeat(16)},${n}.000`).join('\n');
  const video = await ctx.acme.postJson(`/banks/${bankId}/content`, { videos: [{ vpdq: frames, note: 'tenant-isolation video' }] });
  if (video.status !== 201 && video.status !== 200) throw new Error(`POST /banks/{bank_id}/content (vPDQ): HTTP ${video.status} ${JSON.stringify(video.body)}`);
  const videoItem = (video.body.items as { content_id: string }[] | undefined)?.[0] ?? (video.body as { content_id?: string });
  return { bank_id: bankId, content_id: String(item.body.content_id), video_content_id: String(videoItem.content_id) };
}

/** Tenant A's active policy version (a Standard tenant's is the shared Standard document). */
async function policyVersion(ctx: ReliabilityContext): Promise<Record<string, string>> {
  const policy = await ctx.acme.get('/policy');
  if (policy.status !== 200) throw new Error(`GET /policy: HTTP ${policy.status} ${JSON.stringify(policy.body)}`);
  return { version: String(policy.body.version) };
}

/** A moderation job of tenant A on its policy image job, when the deployment documents moderation jobs. */
async function moderationJob(ctx: ReliabilityContext, policyJob: string): Promise<Record<string, string>> {
  const mod = await ctx.acme.postJson('/moderate', { classification_job_id: policyJob, external_id: 'tenant-isolation' });
  if (mod.status !== 200 && mod.status !== 202) throw new Error(`POST /moderate: HTTP ${mod.status} ${JSON.stringify(mod.body)}`);
  // An escalated job (the Standard policy escalates what no model scored), so the review routes find it;
  // `index` names its first frame.
  return { moderation_job_id: String(mod.body.moderation_job_id), index: '0' };
}

export async function createTenantResources(ctx: ReliabilityContext, routes: readonly DocumentedRoute[]): Promise<TenantResources> {
  const jobs = await createJobs(ctx);
  const banks = routes.some((r) => r.method === 'POST' && r.path === '/banks') ? await createBank(ctx) : {};
  const policy = routes.some((r) => r.path.includes('{version}')) ? await policyVersion(ctx) : {};
  const moderation = routes.some((r) => r.path.includes('{moderation_job_id}')) ? await moderationJob(ctx, jobs['policy/image']!) : {};
  return { jobs, ids: { ...banks, ...policy, ...moderation, job_id: jobs['policy/image']! } };
}

/**
 * Path parameters that name nothing private to tenant A: a Standard tenant's policy versions are the
 * shared Standard document (a Premium tenant's own versions are kept apart in test/e2e/policies.test.ts).
 */
export const SHARED_PATH_PARAMS: ReadonlySet<string> = new Set(['version']);

/**
 * Whether B's request for A's ids in this route tests isolation: the suite holds a tenant-A id for every
 * parameter, and none names something shared by all tenants.
 */
export function isolationApplies(route: DocumentedRoute, resources: TenantResources): boolean {
  return route.pathParams.every((name) => (name === 'job_id' || name in resources.ids) && !SHARED_PATH_PARAMS.has(name));
}

/** Parameters of the route that the suite holds no tenant-A id for (a new kind of resource). */
export function unknownParams(route: DocumentedRoute, resources: TenantResources): string[] {
  return route.pathParams.filter((name) => name !== 'job_id' && !(name in resources.ids));
}

/**
 * The route's path with tenant A's ids in it. A parameter the suite holds no id for gets `placeholder`:
 * such a route still gets the token checks (they come before any lookup), and is reported as one whose
 * isolation is not checked.
 */
export function pathWithIds(route: DocumentedRoute, resources: TenantResources, placeholder = 'unknown'): string {
  const kind = /^\/classify\/([^/]+)\/([^/]+)\//.exec(route.path);
  // A route about a banked video (…/vpdq) names the video, not the picture.
  const id = (name: string) => (name === 'content_id' && route.path.endsWith('/vpdq') ? resources.ids.video_content_id : resources.ids[name]);
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'job_id' && kind ? resources.jobs[`${kind[1]}/${kind[2]}`] : id(name)) ?? placeholder);
}
