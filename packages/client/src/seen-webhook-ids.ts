// Where verifyWebhook remembers the webhook-ids it has accepted, so a replay or a second delivery of
// the same event is told apart. Deliveries are at least once and retried for about 28 h with the same
// id (docs/api.md "Retries"), so an id must be remembered longer than the timestamp tolerance.

export interface SeenWebhookIds {
  /** Records `id`; answers false when it was already recorded (and has not expired). */
  markSeen(id: string, nowMs: number): boolean | Promise<boolean>;
}

export interface InMemorySeenWebhookIdsOptions {
  /** How long an id is remembered (default 48 h, past the service's last retry). */
  ttlMs?: number;
  /** At most this many ids (default 100 000); the oldest are forgotten first. */
  maxIds?: number;
}

/** One process's memory: enough for a single receiver; several replicas need a shared store (Redis, a table). */
export class InMemorySeenWebhookIds implements SeenWebhookIds {
  private readonly seenAt = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxIds: number;

  constructor(options: InMemorySeenWebhookIdsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 48 * 3_600_000;
    this.maxIds = options.maxIds ?? 100_000;
  }

  markSeen(id: string, nowMs: number): boolean {
    this.forgetExpired(nowMs);
    const at = this.seenAt.get(id);
    if (at !== undefined && nowMs - at < this.ttlMs) return false;
    this.seenAt.delete(id);
    this.seenAt.set(id, nowMs);
    if (this.seenAt.size > this.maxIds) this.seenAt.delete(this.seenAt.keys().next().value!);
    return true;
  }

  private forgetExpired(nowMs: number): void {
    // Map iterates in insertion order, which is the order ids were seen.
    for (const [id, at] of this.seenAt) {
      if (nowMs - at < this.ttlMs) break;
      this.seenAt.delete(id);
    }
  }
}
