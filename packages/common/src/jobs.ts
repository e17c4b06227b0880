// The job record as stored (MongoDB collection `jobs`, or the embedded store).
import type { ClassScores, TextLabel, VisualClass } from './classes.ts';
import type { OperatingPoints } from './domain/operating-points.ts';
import type { JobResults } from './domain/job-results.ts';
import type { TextSpan, SpeechSegment, VisualEvidence } from './domain/items-result.ts';
import type { MediaMetadata } from './domain/media-metadata.ts';
import type { AttemptOutcome, DeliveryState } from './domain/delivery-log.ts';

// Parts and records carry these as they appear in the public results; the domain defines them.
export type { JobResults, MediaMetadata, VisualEvidence };
export type TextSpanEvidence = TextSpan;

export type JobStatus = 'queued' | 'done' | 'failed';
export const PRODUCTS = ['items', 'policy'] as const;
export type Product = (typeof PRODUCTS)[number];
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** Parts of a result that stages contribute; policy-scorer assembles them. */
export type PartName = 'vision' | 'speech' | 'caption' | 'hashes' | 'embeddings';

export type JobSource =
  | { kind: 'upload'; filename: string; declaredType: string | null; size: number }
  | { kind: 'url'; url: string };

export interface DeliveryAttempt {
  attempt: number;
  at: string; // ISO time the attempt started
  httpStatus: number; // 0 = no response
  error: string | null;
  durationMs: number;
  /** 'sending' from just before the request until its outcome is recorded. Absent in older records, whose attempts all finished. */
  outcome?: AttemptOutcome;
  /** Sent on request (POST /jobs/{id}/webhook/redeliver), outside the retry schedule. */
  redelivery?: boolean;
}

export interface JobWebhook {
  state: WebhookState;
  attempts: DeliveryAttempt[];
  /** ISO time the next scheduled attempt is due; null (or absent in older records) when none is scheduled. */
  nextAttemptAt?: string | null;
}

export type WebhookState = DeliveryState;

export interface TextToxicityPart {
  /** Calibrated probability per label, null where the text's language has no model for it; `self_harm` is absent in parts stored before toxicity 3.0.0. */
  scores: ClassScores<TextLabel>;
  /**
   * The operating points of the text's language for each label it scored (toxicity 3.0.0+), which the
   * policy reads the scores against; absent in older parts, whose scores are read on the Standard scale.
   */
  operatingPoints?: Partial<Record<TextLabel, OperatingPoints>>;
  topSpan: TextSpanEvidence | null;
  model: string;
  /**
   * Detected language of the text (ISO 639-1); null when it has too few letters to tell or the
   * model identifies no language. Speech transcripts are `en` (the recogniser is English only).
   * Absent in parts stored before language identification.
   */
  language?: string | null;
}

export interface VisionPart {
  scores: ClassScores<VisualClass>;
  evidence: Partial<Record<VisualClass, VisualEvidence[]>>;
  models: string[];
  framesAnalysed: number;
  /** Scored classes whose score is a model's own confidence (see VisionAnalysis.uncalibrated); absent in older records. */
  uncalibrated?: VisualClass[];
  /**
   * Operating points per visual class, which the policy reads the class's score against as it does a
   * text label's (signalRisk); classes without any are read on the Standard scale. Vision v3's calibrators
   * ship them (artifacts/calibration.json, chosen by train/calibrate-v3.ts); absent in older records.
   */
  operatingPoints?: Partial<Record<VisualClass, OperatingPoints>>;
  ocr: VisionOcrPart | null;
}

export interface VisionOcrPart {
  text: string;
  /** `id@version` of the OCR model that read the frames (also when it read nothing); absent in parts stored before it was recorded. */
  recognizer?: string;
  toxicity: TextToxicityPart | null;
}

export interface SpeechPart {
  transcript: string;
  segments: SpeechSegment[];
  recognizer: string;
  toxicity: TextToxicityPart | null;
  /** Set when the speech stage could not run (for example no recogniser installed); the job still succeeds. */
  error: string | null;
}

export interface CaptionPart {
  toxicity: TextToxicityPart;
}

/** PDQ hashes of the analysed frames, written by frame-extractor; matched against banks at the fan-in. */
export interface HashesPart {
  frames: FrameHashes[];
}

export interface FrameHashes {
  timestamp: number;
  quality: number;
  /** The 8 dihedral variants (rotations and mirrors) as hex, the frame as it is first. */
  variants: string[];
}

/** Image embeddings of the analysed frames (see common/embeddings.ts), written by vision-inference; matched against example images of policy categories. */
export interface EmbeddingsPart {
  /** The network and layer that produced them; vectors of different models are not comparable. */
  model: string;
  frames: { timestamp: number; vector: string }[];
}

export interface JobParts {
  vision?: VisionPart;
  speech?: SpeechPart;
  caption?: CaptionPart;
  hashes?: HashesPart;
  embeddings?: EmbeddingsPart;
}

export interface JobRecord {
  id: string;
  tenantId: string;
  product: Product;
  media: MediaKind;
  status: JobStatus;
  source: JobSource;
  /** The analysed resource address reported as `results.url`: the given URL, or the upload's file name. */
  url: string;
  caption: string | null;
  callbackUrl: string | null;
  /** Media-store key of the original bytes, once stored. */
  mediaKey: string | null;
  /** Content type sniffed from the bytes. */
  mediaType: string | null;
  /** sha256 (hex) of the stored bytes, for the audit trail; absent in older records. */
  contentSha256?: string | null;
  metadata: MediaMetadata | null;
  /** Parts the result needs; set by frame-extractor when it fans out. */
  expectedParts: PartName[] | null;
  parts: JobParts;
  /** Set when done: an ItemsResult or a PolicyResult, after the job's product. */
  results: JobResults | null;
  msg: string | null;
  webhook: JobWebhook;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  /** When the record (and its results) may be deleted; set from the retention setting. */
  expiresAt: Date;
}

export type JobOutcome =
  | { status: 'done'; results: JobResults }
  | { status: 'failed'; msg: string };

export interface NewJobFields {
  id: string;
  tenantId: string;
  product: Product;
  media: MediaKind;
  source: JobSource;
  url: string;
  caption: string | null;
  callbackUrl: string | null;
  createdAt: Date;
  retentionDays: number;
}

/** The state every job starts in: queued, no media yet, no parts, no webhook attempts. */
export function newQueuedJob(f: NewJobFields): JobRecord {
  return {
    id: f.id,
    tenantId: f.tenantId,
    product: f.product,
    media: f.media,
    status: 'queued',
    source: f.source,
    url: f.url,
    caption: f.caption,
    callbackUrl: f.callbackUrl,
    mediaKey: null,
    mediaType: null,
    metadata: null,
    expectedParts: null,
    parts: {},
    results: null,
    msg: null,
    webhook: { state: 'none', attempts: [] },
    createdAt: f.createdAt,
    updatedAt: f.createdAt,
    finishedAt: null,
    expiresAt: new Date(f.createdAt.getTime() + f.retentionDays * 86400_000),
  };
}
