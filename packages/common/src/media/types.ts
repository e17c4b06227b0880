import type { Readable } from 'node:stream';

/**
 * Where media bytes live between stages (never in bus messages). Keys look like
 * `jobs/<jobId>/source`, `jobs/<jobId>/frames/000001.jpg`, `jobs/<jobId>/audio.wav`.
 * Implementations: FsMediaStore (all-in-one) and NatsObjectMediaStore (JetStream object store
 * with a TTL as retention limit).
 */
export interface MediaStore {
  init(): Promise<void>;
  close(): Promise<void>;
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>;
  /** Throws MediaNotFoundError when absent. */
  get(key: string): Promise<Buffer>;
  /** Writes the object to a local file (ffmpeg needs a path); throws MediaNotFoundError when absent. */
  toFile(key: string, path: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Deletes every object whose key starts with the prefix. */
  deletePrefix(prefix: string): Promise<number>;
  /** Deletes the job media (`jobs/<id>/...`) written before `cutoff`; the object store's TTL already does this. */
  deleteJobsOlderThan(cutoff: Date): Promise<number>;
  /**
   * Restarts the retention of these jobs' media (`jobs/<id>/...`) written or renewed more than `minAgeMs`
   * ago (0: all of them): they are kept another full retention period (MEDIA_RETENTION_HOURS) from now.
   * The moderator keeps the frames of items in review this way. Returns how many objects were renewed.
   */
  renewJobs(jobIds: readonly string[], minAgeMs: number): Promise<number>;
}

export class MediaNotFoundError extends Error {
  constructor(key: string) {
    super(`media object ${key} not found`);
    this.name = 'MediaNotFoundError';
  }
}

export const mediaKeys = {
  source: (jobId: string) => `jobs/${jobId}/source`,
  frame: (jobId: string, index: number) => `jobs/${jobId}/frames/${String(index).padStart(6, '0')}.jpg`,
  audio: (jobId: string) => `jobs/${jobId}/audio.wav`,
  jobPrefix: (jobId: string) => `jobs/${jobId}/`,
};
