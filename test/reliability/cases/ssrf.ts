// Case 3: SSRF. URL submissions, callback_urls and moderation callbacks that lead to loopback in every
// spelling, by redirect from a server the deployment may reach, or through names that do not resolve:
// each is refused (422 at submit, a failed job, or a webhook never delivered), and the target on
// loopback never sees a single connection. The deployment allows only ALLOWED_HOST (the redirector),
// so 127.0.0.1 is refused as it is in production. Nothing here leaves the machine: every address is
// loopback, and the unresolvable names fail inside the local resolver (a label longer than 63 bytes).
import { expect } from 'vitest';
import { makePng } from '../../helpers/media.ts';
import type { ReliabilityContext } from '../support/context.ts';
import type { CaseFigures } from '../support/figures.ts';
import { pollUntilFinal } from '../support/job-poller.ts';
import { startRedirector, startTarget, type LoggingServer } from '../support/target-server.ts';
import { submitWithRetries } from '../support/submit.ts';

/** The one address the SSRF deployment may reach (EGRESS_ALLOW_CIDRS): the redirector's. */
export const ALLOWED_HOST = '127.0.0.2';

/** Loopback, written every way a URL parser or resolver might accept. */
export function loopbackSpellings(port: number): Record<string, string> {
  return {
    dotted: `http://127.0.0.1:${port}/secret`,
    decimal: `http://2130706433:${port}/secret`,
    octal: `http://0177.0.0.1:${port}/secret`,
    'octal, one number': `http://017700000001:${port}/secret`,
    hex: `http://0x7f000001:${port}/secret`,
    'hex, dotted': `http://0x7f.0.0.1:${port}/secret`,
    short: `http://127.1:${port}/secret`,
    'trailing dot': `http://127.0.0.1.:${port}/secret`,
    'elsewhere in 127/8': `http://127.255.255.254:${port}/secret`,
    'unspecified (reaches loopback on Linux)': `http://0.0.0.0:${port}/secret`,
    'unspecified, short': `http://0:${port}/secret`,
    'IPv6 loopback': `http://[::1]:${port}/secret`,
    'IPv6 unspecified': `http://[::]:${port}/secret`,
    'IPv4-mapped IPv6': `http://[::ffff:127.0.0.1]:${port}/secret`,
    'IPv4-mapped IPv6, hex': `http://[::ffff:7f00:1]:${port}/secret`,
    'IPv4-mapped IPv6, long form': `http://[0:0:0:0:0:ffff:7f00:1]:${port}/secret`,
    'userinfo before loopback': `http://example.com@127.0.0.1:${port}/secret`,
    'user and password before loopback': `http://user:pass@127.0.0.1:${port}/secret`,
    'fragment hiding a host': `http://127.0.0.1:${port}#@example.com/secret`,
    localhost: `http://localhost:${port}/secret`,
    'LOCALHOST, upper case': `http://LOCALHOST:${port}/secret`,
  };
}

/** Names that cannot resolve, without a query leaving the machine (the resolver refuses them itself). */
export function unresolvableNames(port: number): Record<string, string> {
  return {
    'label over 63 bytes': `http://${'a'.repeat(64)}.example:${port}/secret`,
    'name over 253 bytes': `http://${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.example:${port}/secret`,
  };
}

function redirects(redirector: LoggingServer, target: LoggingServer): Record<string, string> {
  const via = (to: string, code = 302) => `${redirector.url}/to?code=${code}&u=${encodeURIComponent(to)}`;
  return {
    'redirect 302 to loopback': via(`${target.url}/secret`),
    'redirect 301 to decimal loopback': via(`http://2130706433:${target.port}/secret`, 301),
    'redirect 307 to IPv6 loopback': via(`http://[::1]:${target.port}/secret`, 307),
    'redirect 308 to localhost': via(`http://localhost:${target.port}/secret`, 308),
    'redirect to a redirect to loopback': via(via(`${target.url}/secret`)),
  };
}

interface Refusal {
  what: string;
  how: string;
}

export async function ssrfIsRefused(ctx: ReliabilityContext, figures: Partial<CaseFigures>): Promise<void> {
  const target = await startTarget();
  const redirector = await startRedirector(ALLOWED_HOST);
  try {
    const problems: string[] = [];
    const refusals: Refusal[] = [];
    const spellings = loopbackSpellings(target.port);
    const unresolvable = unresolvableNames(target.port);
    const hops = redirects(redirector, target);
    const png = await makePng(32, 32);
    const urlJobs: { what: string; jobId: string; path: string }[] = [];

    // 1. URL submissions.
    for (const [what, url] of Object.entries({ ...spellings, ...unresolvable, ...hops })) {
      const r = await ctx.acme.submitForm('/classify/items-characteristics/image', { url });
      if (r.status === 422 && r.body.error === 'invalid_request') refusals.push({ what: `url ${what}`, how: '422' });
      else if (r.status === 200) urlJobs.push({ what, jobId: String(r.body.job_id), path: `/classify/items-characteristics/image/${String(r.body.job_id)}` });
      else problems.push(`url ${what} (${url}): HTTP ${r.status} ${JSON.stringify(r.body)}`);
    }
    const final = await pollUntilFinal(ctx.acme, urlJobs, 180_000);
    for (const job of urlJobs) {
      const state = final.get(job.jobId);
      if (state?.status === 'failed' && /^Could not fetch url/.test(state.msg ?? '')) refusals.push({ what: `url ${job.what}`, how: 'failed job' });
      else problems.push(`url ${job.what}: job ${job.jobId} ended ${JSON.stringify(state)}`);
    }

    // 2. callback_url of an upload: refused at submit, or accepted and never delivered.
    const callbackJobs: { what: string; jobId: string }[] = [];
    for (const [what, url] of Object.entries({ ...spellings, ...unresolvable, ...hops })) {
      const r = await submitWithRetries({ baseUrl: ctx.deployment.url, token: ctx.acme.token!, path: '/classify/policy/image', file: { data: png, filename: 'p.png', type: 'image/png' }, fields: { callback_url: url } }, 60_000);
      if (r.status === 422) refusals.push({ what: `callback_url ${what}`, how: '422' });
      else if (r.status === 200) callbackJobs.push({ what, jobId: String(r.body.job_id) });
      else problems.push(`callback_url ${what} (${url}): HTTP ${r.status} ${JSON.stringify(r.body)}`);
    }
    await pollUntilFinal(ctx.acme, callbackJobs.map((j) => ({ jobId: j.jobId, path: `/classify/policy/image/${j.jobId}` })), 300_000);
    for (const job of callbackJobs) {
      // Wait (bounded) for the first delivery attempt; it must not have reached anything but the redirector.
      let log: Record<string, unknown> = {};
      for (let i = 0; i < 60; i++) {
        log = (await ctx.acme.get(`/jobs/${job.jobId}/webhook`)).body;
        if (Array.isArray(log.attempts) && log.attempts.length > 0) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const attempts = (log.attempts ?? []) as { http_status: number; error: string | null }[];
      const delivered = log.state === 'delivered' || attempts.some((a) => a.http_status >= 200 && a.http_status < 300);
      if (attempts.length === 0 || delivered) problems.push(`callback_url ${job.what}: delivery log ${JSON.stringify(log)}`);
      else refusals.push({ what: `callback_url ${job.what}`, how: `not delivered (${log.state as string})` });
    }

    // 3. Moderation callbacks, on a finished policy job of this tenant.
    const policy = await submitWithRetries({ baseUrl: ctx.deployment.url, token: ctx.acme.token!, path: '/classify/policy/image', file: { data: png, filename: 'p.png', type: 'image/png' } }, 60_000);
    const policyJob = String(policy.body.job_id);
    await pollUntilFinal(ctx.acme, [{ jobId: policyJob, path: `/classify/policy/image/${policyJob}` }], 180_000);
    for (const [what, url] of Object.entries(spellings)) {
      const r = await ctx.acme.postJson('/moderate', { classification_job_id: policyJob, external_id: 'ssrf', callback_url: url });
      // A host name is checked when the callback is sent (the dispatcher's guard), an address at once.
      if (r.status === 422) refusals.push({ what: `moderation callback ${what}`, how: '422' });
      else if (r.status === 200 && /localhost/i.test(what)) refusals.push({ what: `moderation callback ${what}`, how: 'accepted, sent through the guard' });
      else problems.push(`moderation callback ${what} (${url}): HTTP ${r.status} ${JSON.stringify(r.body)}`);
    }

    // Give callbacks that were accepted time to be attempted, then check the target's log.
    await new Promise((r) => setTimeout(r, 5000));
    figures.attempts = refusals.length + problems.length;
    figures.refusals = refusals.length;
    figures.target_connections = target.connections.length;
    figures.redirector_requests = redirector.requests.length;
    expect(problems, `${problems.length} SSRF attempts were not refused`).toEqual([]);
    expect(target.connections, 'connections that reached the loopback target').toEqual([]);
    // The redirect cases did reach the allowed server, so their refusal is the redirect check's doing.
    expect(redirector.requests.length).toBeGreaterThanOrEqual(Object.keys(hops).length);
  } finally {
    await target.close();
    await redirector.close();
  }
}
