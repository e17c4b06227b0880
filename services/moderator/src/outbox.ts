// The moderator's outbox. A moderation job's state change and its side effects (audit records, feedback,
// the caller's webhook) are one atomic write: the effects go into the job's outbox in the same update
// (commit), and are carried out afterwards (drain): right after the write, and again by a sweep until each
// is done. So a failed publish, a failed audit write or a crash between the two loses nothing: the next
// drain finds the entry still there. Audit and feedback writes are idempotent by record id, and a webhook
// keeps its id (<job>.<n>) and is published with that id as the bus de-duplication key, so a repeated
// drain neither doubles a record nor makes a second webhook id. A published webhook stays in the outbox
// until webhook-dispatcher has ended its delivery; it is published again only when the bus it went out
// on is gone (the in-process bus of an all-in-one that restarted). A media entry renews the retention of
// the job's retained frames (it entered or left review): repeating it only renews them again.
import type { Runtime } from '@modsvc/common/host';
import { faultPoint } from '@modsvc/common/faults';
import { afterDrain, needsPublishing, outboxEntryKey, withEffects, type ModerationEffects, type ModerationJob } from '@modsvc/common/domain/index';

/** A change to a moderation job: the next job and the effects it has, or null to leave the job as it is. */
export type ModerationChange = (job: ModerationJob) => { job: ModerationJob; effects: ModerationEffects } | null;

type OutboxRuntime = Pick<Runtime, 'workflow' | 'bus' | 'log' | 'media'>;

export class Outbox {
  constructor(private readonly rt: OutboxRuntime) {}

  /** Stores a new job with the effects of its creation, then carries them out. */
  async create(job: ModerationJob, effects: ModerationEffects): Promise<ModerationJob> {
    const stored = withEffects(job, effects, job.createdAt);
    await this.rt.workflow.createModeration(stored);
    faultPoint('moderation.committed');
    await this.drain(stored);
    return stored;
  }

  /** Applies `change` atomically with its effects, then carries them out; null when the change declined or the job is absent. */
  async update(tenantId: string, id: string, change: ModerationChange): Promise<ModerationJob | null> {
    const now = new Date().toISOString();
    const stored = await this.rt.workflow.updateModeration(tenantId, id, (current) => {
      const next = change(current);
      return next ? withEffects(next.job, next.effects, now) : null;
    });
    if (!stored) return null;
    faultPoint('moderation.committed');
    await this.drain(stored);
    return stored;
  }

  /**
   * Carries out the job's outbox entries and strikes those done. Never throws: an entry that fails is
   * logged and stays for the sweep.
   */
  async drain(job: ModerationJob): Promise<void> {
    const { workflow, bus, log, media } = this.rt;
    const done = new Set<string>();
    const published = new Set<string>();
    for (const entry of job.outbox ?? []) {
      try {
        if (entry.kind === 'audit') {
          faultPoint('moderation.audit');
          await workflow.appendAudit(entry.record);
          done.add(outboxEntryKey(entry));
        } else if (entry.kind === 'feedback') {
          await workflow.addFeedback(entry.record);
          done.add(outboxEntryKey(entry));
        } else if (entry.kind === 'media') {
          await media.renewJobs([entry.classification_job_id], 0);
          done.add(outboxEntryKey(entry));
        } else if (needsPublishing(entry, bus.epoch)) {
          faultPoint('moderation.publish');
          await bus.publish(
            'pipeline.callback',
            { id: entry.id, tenantId: job.tenantId, url: entry.url, body: Buffer.from(entry.body), createdAt: entry.created_at },
            { msgId: `callback-${entry.id}` },
          );
          published.add(entry.id);
        }
      } catch (err) {
        log.warn({ err, moderation_job_id: job.id, entry: outboxEntryKey(entry) }, 'moderation side effect failed; the outbox sweep retries it');
      }
    }
    if (done.size === 0 && published.size === 0) return;
    try {
      await workflow.updateModeration(job.tenantId, job.id, (current) => afterDrain(current, done, published, bus.epoch));
    } catch (err) {
      // The effects happened; striking them failed. The sweep repeats them, which the ids make harmless.
      log.warn({ err, moderation_job_id: job.id }, 'could not strike done outbox entries; the sweep will');
    }
  }

  /** Drains the outbox of up to `limit` jobs that have entries; returns how many jobs had work to do. */
  async sweep(limit = 100): Promise<number> {
    let worked = 0;
    for (const job of await this.rt.workflow.listWithOutbox(limit)) {
      const due = (job.outbox ?? []).some((e) => e.kind !== 'webhook' || needsPublishing(e, this.rt.bus.epoch));
      if (!due) continue;
      await this.drain(job);
      worked++;
    }
    return worked;
  }
}
