// A process killed between a moderation's state change and its side effects, in both run modes: the
// process that hosts the moderator is restarted with a fault point that SIGKILLs it right after it stores
// its second state change (the first is the job's creation, the second the automated decision), before any
// audit record is written or webhook published. After a restart, the outbox sweep carries them out: the
// job's audit trail has each step once, and the caller's receiver gets exactly one webhook for the
// decision, under one id. Then the same with the bus publish and the audit writes failing for a while
// instead: the sweep completes them without a restart.
import { expect, it } from 'vitest';
import { makeJpeg } from '../helpers/media.ts';
import type { ContractContext } from './pipeline-contract.ts';

const QUIET_MS = 6_000;

export function describeModerationCrash(ctx: () => ContractContext): void {
  it('a moderator killed right after storing a decision: after its restart the audit trail is whole and the decision arrives as exactly one webhook', async () => {
    const c = ctx();
    const host = c.deployment.services.get(c.deployment.mode === 'all-in-one' ? 'all-in-one' : 'moderator')!;
    await host.stop();
    host.env.FAULT_POINTS = 'moderation.committed:kill@2';
    await host.start(180_000);

    const jpeg = await makeJpeg(320, 240, { r: 200, g: 120, b: 40 });
    const callback = `${c.receiver.url}/hooks/moderation-crash`;
    const moderate = () => c.acme.submitFile('/moderate', { data: jpeg, filename: 'crash.jpg', type: 'image/jpeg' }, { external_id: 'crash-1', callback_url: callback }, { 'Idempotency-Key': 'moderation-crash-1' });
    // Until the gateway's channel to a restarted moderator is back it answers 503, as to any caller: retry.
    let first: { status: number; body: unknown } = { status: 0, body: null };
    let dead = false;
    void host.exited().then(() => (dead = true));
    for (let tries = 0; tries < 60 && !dead; tries++) {
      first = await moderate().catch((err: unknown) => ({ status: 0, body: { error: String(err) } }));
      if (first.status !== 503) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const ended = await Promise.race([host.exited(), new Promise<string>((r) => setTimeout(() => r('still running after 120 s'), 120_000))]);
    expect(ended, `the fault point should have killed the process (first answer: ${JSON.stringify(first)})`).toBe('SIGKILL');

    delete host.env.FAULT_POINTS;
    await host.start(180_000);
    // The same request again names the same moderation job (Idempotency-Key), now decided.
    let again = await moderate();
    for (let tries = 0; tries < 60 && again.status === 503; tries++) {
      await new Promise((r) => setTimeout(r, 1000));
      again = await moderate();
    }
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const id = String(again.body.moderation_job_id);
    expect(again.body).toMatchObject({ is_error: false, decision: expect.stringMatching(/^(approve|reject|pending_review)$/) });

    const webhookId = `moderation.result:${id}.1`;
    await c.receiver.waitFor((call) => call.headers['webhook-id'] === webhookId, 60_000);
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const forJob = c.receiver.calls.filter((call) => String(call.headers['webhook-id']).startsWith(`moderation.result:${id}.`));
    expect(forJob.map((call) => call.headers['webhook-id'])).toEqual([webhookId]);
    expect(JSON.parse(forJob[0]!.body.toString())).toEqual(again.body);

    const audit = await c.acme.get(`/audit?moderation_job_id=${id}`);
    expect(audit.status).toBe(200);
    const actions = (audit.body.records as { action: string }[]).map((r) => r.action);
    expect(actions.filter((a) => a === 'moderation.requested')).toHaveLength(1);
    expect(actions.filter((a) => a === 'moderation.decided')).toHaveLength(1);
  }, 600_000);

  it('the bus publish and the audit writes fail for a while: the outbox sweep completes the trail and sends the decision once', async () => {
    const c = ctx();
    const host = c.deployment.services.get(c.deployment.mode === 'all-in-one' ? 'all-in-one' : 'moderator')!;
    await host.stop();
    // The first three publishes of a moderation webhook and the first six audit writes fail.
    host.env.FAULT_POINTS = 'moderation.publish:fail@1+3,moderation.audit:fail@1+6';
    await host.start(180_000);
    delete host.env.FAULT_POINTS;

    const jpeg = await makeJpeg(320, 240, { r: 40, g: 160, b: 90 });
    let answer = await c.acme.submitFile('/moderate', { data: jpeg, filename: 'faults.jpg', type: 'image/jpeg' }, { external_id: 'faults-1', callback_url: `${c.receiver.url}/hooks/moderation-faults` }, { 'Idempotency-Key': 'moderation-faults-1' });
    for (let tries = 0; tries < 60 && answer.status === 503; tries++) {
      await new Promise((r) => setTimeout(r, 1000));
      answer = await c.acme.submitFile('/moderate', { data: jpeg, filename: 'faults.jpg', type: 'image/jpeg' }, { external_id: 'faults-1', callback_url: `${c.receiver.url}/hooks/moderation-faults` }, { 'Idempotency-Key': 'moderation-faults-1' });
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = String(answer.body.moderation_job_id);

    const webhookId = `moderation.result:${id}.1`;
    await c.receiver.waitFor((call) => call.headers['webhook-id'] === webhookId, 60_000);
    const trail = async () => ((await c.acme.get(`/audit?moderation_job_id=${id}`)).body.records as { action: string }[]).map((r) => r.action);
    const deadline = Date.now() + 30_000;
    while (!(await trail()).includes('moderation.requested') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const actions = await trail();
    expect(actions.filter((a) => a === 'moderation.requested')).toHaveLength(1);
    expect(actions.filter((a) => a === 'moderation.decided')).toHaveLength(1);
    const forJob = c.receiver.calls.filter((call) => String(call.headers['webhook-id']).startsWith(`moderation.result:${id}.`));
    expect(forJob.map((call) => call.headers['webhook-id'])).toEqual([webhookId]);
  }, 600_000);
}
