// The ports between services. In all-in-one mode they are the services' own objects; in distributed
// mode the same interfaces are implemented by the gRPC clients in packages/clients.
import type { ClassScores, VisualClass } from './classes.ts';
import type { TextToxicityPart, VisualEvidence } from './jobs.ts';
import type { Bank, BankContent, BankSpec, VpdqFrame } from './domain/banks.ts';
import type { PolicyView, PublishedPolicy } from './domain/policy-document.ts';
import type { PolicyDryRun } from './domain/policy-dry-run.ts';
import type { JobResults } from './domain/job-results.ts';
import type { ModerationOutcome, ModerationReply } from './domain/moderation-result.ts';
import type {
  AppealInput,
  AuditPage,
  AuditQuery,
  FeedbackInput,
  FeedbackRecord,
  ReviewDecisionInput,
  ReviewItem,
  ReviewItemDetail,
  ReviewQueueFilter,
  ReviewQueuePage,
  ReviewStats,
} from './domain/review.ts';
import type { DeliveryLogView, RedeliveryView } from './domain/delivery-log.ts';
import type { OperatingPoints, SignalOperatingPoints } from './domain/operating-points.ts';

export type TextSource = 'caption' | 'ocr' | 'speech' | 'api';

/** text-toxicity: scores texts (long ones in windows) with the trained toxicity model. */
export interface TextToxicityApi {
  score(texts: string[], source: TextSource): Promise<TextToxicityPart[]>;
  /** Which labels the loaded model scores. */
  coverage(): Promise<TextCoverage>;
}

/** Which toxicity labels the loaded text model scores (the others are reported as null), and in which languages. */
export interface TextCoverage {
  model: string;
  labels: { label: string; scored: boolean; note: string }[];
  /** The languages scored, each with its labels and held-back figures; empty for a model that reports none. */
  languages?: TextLanguageReport[];
}

/** Adds the text model and the caption_language_toxicity classes to a vision models report. */
export function withTextCoverage(report: ModelsReport, text: TextCoverage): ModelsReport {
  return {
    models: [
      ...report.models,
      {
        id: text.model.split('@')[0] ?? text.model,
        version: text.model.split('@')[1] ?? '',
        runtime: 'hashed-ngram-linear',
        classes: text.labels.filter((l) => l.scored).map((l) => l.label),
        loaded: true,
        error: null,
        ...(text.languages?.length ? { languages: text.languages } : {}),
      },
    ],
    classes: [
      ...report.classes.filter((c) => c.group !== 'caption_language_toxicity'),
      ...text.labels.map((l) => ({
        class: l.label,
        group: 'caption_language_toxicity',
        model: l.scored ? text.model : null,
        note: l.note,
        calibration: l.scored ? ('calibrated' as const) : null,
        heldBack: { all: null, photos: null },
      })),
    ],
  };
}

/** One decoded still image or sampled video frame handed to vision-inference. */
export interface FrameInput {
  timestamp: number; // seconds from the start; 0 for stills
  data: Buffer; // encoded bytes (JPEG, PNG, WebP, GIF: a still's upload itself), turned upright by its EXIF orientation when decoded
}

export interface VisionAnalysis {
  scores: ClassScores<VisualClass>;
  evidence: Partial<Record<VisualClass, VisualEvidence[]>>;
  /** `id@version` of each model that contributed. */
  models: string[];
  framesAnalysed: number;
  /** Text read by OCR across frames (empty string: OCR ran and found none; null: no OCR model). */
  ocrText: string | null;
  /** `id@version` of the OCR model that read the frames, also when it read nothing; null: no OCR model. */
  ocrModel: string | null;
  /** Scored classes whose score is a model's own confidence, not a probability calibrated on labelled data. */
  uncalibrated: VisualClass[];
  /** Time spent in each model call of this analysis (recorded as modsvc_model_inference_seconds by the caller's thread). */
  inference?: ModelTiming[];
  /** The image embedding of each analysed frame (L2-normalised); absent when the embedding network is not loaded. */
  embeddings?: ImageEmbeddings;
  /** Operating points of the scored classes whose calibrator ships them (the policy reads those scores against them); absent when none does. */
  operatingPoints?: Partial<Record<VisualClass, OperatingPoints>>;
}

/** Image embeddings from vision-inference's network: `model` names the network and layer (vectors of different models are not comparable). */
export interface ImageEmbeddings {
  model: string;
  frames: { timestamp: number; vector: Float32Array }[];
}

export interface ModelTiming {
  model: string;
  group: string;
  seconds: number;
}

export interface ModelReport {
  id: string;
  version: string;
  runtime: string;
  classes: string[];
  loaded: boolean;
  error: string | null;
  /** Text models: the languages scored, with their labels and held-back figures (absent for image models). */
  languages?: TextLanguageReport[];
}

/** A language a text model scores: its labels (the others are null for it) and held-back toxicity figures. */
export interface TextLanguageReport {
  language: string;
  labels: string[];
  /** Held-back figures: toxicity's, and (3.0.0+) each label's that a held-back part has positives of (`label`; absent: toxicity). */
  heldBack: { part: string; rows: number; positives: number; rocAuc: number | null; label?: string }[];
  /** The human-labelled sources it was trained on and what their toxicity label marks. */
  sources: TextLanguageSource[];
  /** Each scored label's operating points in this language and the held-back figures behind them (toxicity 3.0.0+). */
  operatingPoints?: SignalOperatingPoints[];
  /**
   * Scored labels that no labelled data of this language backs (toxicity 3.0.0+): scored from the text's
   * English gloss (the bridge) with English's calibration and operating points, whose figures are English's.
   */
  unmeasured?: string[];
}

/** A human-labelled source of a language's toxicity: its annotated rows, toxic rows, and what its label marks. */
export interface TextLanguageSource {
  source: string;
  rows: number;
  toxic: number;
  toxicityMeans: string;
}

/** Held-back (out-of-fold) figures of a deployed score. */
export interface HeldBackQuality {
  images: number;
  positives: number;
  rocAuc: number | null;
  averagePrecision: number | null;
  /** Expected calibration error over 10 equal-width bins. */
  calibrationError: number | null;
}

/** A held-back source repository a class's figures rest on, with the figures on its images alone. */
export interface HeldBackSource {
  source: string;
  positives: number;
  negatives: number;
  /** null when it cannot be measured on the source's images. */
  rocAuc: number | null;
  /** The split (fold) the source was held back in, where the fit had several. */
  fold?: string | undefined;
}

export interface ClassCoverageReport {
  class: string;
  group: string;
  model: string | null; // null: no model scores it, reported as null
  note: string;
  /** 'calibrated': fitted on labelled data; 'uncalibrated': the model's own confidence; null: not scored. */
  calibration: 'calibrated' | 'uncalibrated' | null;
  /** Held-back figures on all labelled images and on photographs only, where measured, and the held-back sources they rest on (when the calibrator lists them). */
  heldBack: { all: HeldBackQuality | null; photos: HeldBackQuality | null; sources?: HeldBackSource[] | undefined };
  /** The class's operating points and the held-back figures behind them, where its calibrator ships them. */
  operatingPoints?: SignalOperatingPoints | undefined;
  /** 'limited': scored although its held-back figures fall short of the publishing rule (the note says how); absent: standard. */
  quality?: 'limited' | undefined;
}

export interface ModelsReport {
  models: ModelReport[];
  classes: ClassCoverageReport[];
}

/** vision-inference: the model registry behind the visual classes. */
/** How a job's frames came: `video` frames lose the letterbox bars they all share before the models see them. */
export interface AnalyzeOptions {
  video?: boolean;
}

export interface VisionAnalyzer {
  init(): Promise<void>;
  analyze(frames: FrameInput[], opts?: AnalyzeOptions): Promise<VisionAnalysis>;
  /** See ModelsApi.embed. */
  embed(images: Buffer[]): Promise<{ model: string; vectors: Float32Array[] }>;
  models(): ModelsReport;
  close(): Promise<void>;
}

export interface TranscriptResult {
  text: string;
  segments: { start: number; end: number; text: string }[];
  recognizer: string;
  speechSeconds: number;
}

/** speech-to-text: finds speech in a 16 kHz mono WAV and transcribes it. */
export interface SpeechToTextApi {
  transcribe(wavPath: string): Promise<TranscriptResult>;
}

import type { MediaKind, Product } from './jobs.ts';

export interface SubmitOptions {
  tenantId: string;
  product: Product;
  media: MediaKind;
  caption: string | null;
  callbackUrl: string | null;
  /** Set when the caller sent an Idempotency-Key: a repeat within 24 h answers the first job. */
  idempotency?: SubmitIdempotency;
}

export interface SubmitIdempotency {
  key: string;
  /** sha256 (hex) over product, media, fields and the content or its URL: tells a retry from a reused key. */
  fingerprint: string;
}

export interface UploadedFile {
  /** Local path of the received bytes (the caller deletes it after the call returns). */
  path: string;
  filename: string;
  declaredType: string | null;
  size: number;
}

/** The public view of a job, as the REST GET answers it. */
export interface JobView {
  jobId: string;
  status: 'queued' | 'done' | 'failed';
  msg: string | null;
  /** An ItemsResult or a PolicyResult (after the job's product) when done; else null. */
  results: JobResults | null;
}

/** ingest: creates jobs (uploads or URLs) and reads them back for their tenant. */
export interface IngestApi {
  submitUpload(opts: SubmitOptions, file: UploadedFile): Promise<{ jobId: string }>;
  submitUrl(opts: SubmitOptions, url: string): Promise<{ jobId: string }>;
  /** null when absent, owned by another tenant, or of another product/media kind. */
  getJob(tenantId: string, jobId: string, product: Product, media: MediaKind): Promise<JobView | null>;
}

export interface ModerateInput {
  tenantId: string;
  /** The policy classification job to decide on (the caller's earlier job, or the one the gateway just submitted). */
  classificationJobId: string | null;
  externalId: string;
  callbackUrl: string | null;
  /** The caller's Idempotency-Key: a repeat within the job's life answers the same moderation job. */
  idempotencyKey?: string | null;
}

/** A reviewer of a tenant, as the reviewer-role token names them. */
export interface ReviewerRef {
  tenantId: string;
  reviewerId: string;
}

/** Who gave feedback: the tenant's caller key, or one of its reviewers. */
export interface FeedbackActor {
  kind: 'caller' | 'reviewer';
  id: string;
}

/**
 * moderator: the virtual moderator and its human review. Errors are ApiErrors: not_found for another
 * tenant's or an unknown item, conflict for a state that does not allow the step (claimed by someone
 * else, already decided, not decided yet for an appeal), invalid_request for bad input.
 */
export interface ModeratorApi {
  /**
   * Creates the moderation job and decides when its classification is done: 200 with a decision (or a
   * detailed error when the classification failed); 202 with the pending form while it runs (the
   * decision follows by webhook and GET).
   */
  moderate(input: ModerateInput): Promise<ModerationReply>;
  /** The job's current state in the same forms; null when the tenant has no such job. */
  getModeration(tenantId: string, moderationJobId: string): Promise<ModerationReply | null>;
  /**
   * Puts a decided job back in the queue for a reviewer other than the ones who decided it (the admin
   * queue when only the tenant's admins are left). conflict past review.appeals_per_item or when no
   * reviewer is left to take it; rate_limited past review.appeals_per_hour. The item is the caller's view:
   * earlier decisions name their reviewers as results do.
   */
  appeal(tenantId: string, moderationJobId: string, input: AppealInput): Promise<ReviewItem>;
  /**
   * Items the reviewer may take now (waiting, or claimed by them) that pass the filter, earliest due first
   * (queued_at plus the tenant's review.sla_hours for the kind: overdue items first), with the categories
   * and reasons the filters may choose from.
   */
  reviewQueue(reviewer: ReviewerRef, limit: number, filter?: ReviewQueueFilter): Promise<ReviewQueuePage>;
  /** The supervisor's view: queues per kind, decisions per reviewer per hour, overturns (forbidden unless the reviewer is a tenant admin). */
  reviewStats(reviewer: ReviewerRef): Promise<ReviewStats>;
  /** An item in review (or decided) with everything a reviewer needs to see; null when absent. Reading never claims it. */
  reviewItem(reviewer: ReviewerRef, moderationJobId: string): Promise<ReviewItemDetail | null>;
  /**
   * Claims the item for REVIEW_LEASE_SECONDS (claiming again renews the reviewer's own lease). conflict
   * beyond the tenant's review.claims_per_reviewer live claims, and for an admin-queue item to a reviewer
   * who is not an admin.
   */
  claim(reviewer: ReviewerRef, moderationJobId: string): Promise<ReviewItem>;
  /** The claim holder gives the item back to the queue (conflict when they hold no live claim on it). */
  release(reviewer: ReviewerRef, moderationJobId: string): Promise<ReviewItem>;
  /** Decides a claimed item: completes the moderation job as human_reviewed and sends its webhook. */
  decide(reviewer: ReviewerRef, moderationJobId: string, input: ReviewDecisionInput): Promise<ModerationOutcome>;
  /** A retained frame of the item's content (JPEG); null when absent or expired. */
  reviewFrame(reviewer: ReviewerRef, moderationJobId: string, index: number): Promise<Buffer | null>;
  feedback(tenantId: string, actor: FeedbackActor, input: FeedbackInput): Promise<FeedbackRecord>;
  /** A page of the tenant's audit trail, newest first. */
  audit(tenantId: string, query: AuditQuery): Promise<AuditPage>;
}

export type DeliveriesView = DeliveryLogView;

/** webhook-dispatcher: the delivery log of a job's callback, and sending it again on request. */
export interface DeliveriesApi {
  deliveries(tenantId: string, jobId: string): Promise<DeliveriesView | null>;
  /**
   * Sends the finished job's webhook again now, with the same webhook-id, and answers that attempt.
   * null when the tenant has no such job; ApiError 'conflict' when it has no callback_url or has not finished.
   */
  redeliver(tenantId: string, jobId: string): Promise<RedeliveryView | null>;
}

/** vision-inference: which models are loaded and which classes they cover. */
export interface ModelsApi {
  models(): Promise<ModelsReport>;
  /**
   * L2-normalised embeddings of still images (JPEG or PNG), one per image in order, decoded and computed
   * as analysed frames are. ApiError 'invalid_request' naming the image for one that cannot be decoded;
   * 'unavailable' when the embedding network is not loaded.
   */
  embed(images: Buffer[]): Promise<{ model: string; vectors: Float32Array[] }>;
}

/** Media handed to a service: an uploaded file on local disk, or an address to fetch through the egress guard. */
export type MediaSource = { kind: 'upload'; file: UploadedFile } | { kind: 'url'; url: string };

/** ingest: a tenant's hash banks, and PDQ hashing of media (never kept). null/false: no such bank or content. */
export interface BanksApi {
  createBank(tenantId: string, spec: BankSpec): Promise<Bank>;
  listBanks(tenantId: string): Promise<Bank[]>;
  deleteBank(tenantId: string, bankId: string): Promise<boolean>;
  addHashes(tenantId: string, bankId: string, hashes: { pdq: string; note: string | null }[]): Promise<BankContent[] | null>;
  addMedia(tenantId: string, bankId: string, media: MediaSource, note: string | null): Promise<BankContent | null>;
  /** Videos as vPDQ frames, one item each (invalid_request past BANK_VIDEO_MAX_FRAMES frames or without frames). */
  addVideos(tenantId: string, bankId: string, videos: { frames: VpdqFrame[]; note: string | null }[]): Promise<BankContent[] | null>;
  getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContent | null>;
  deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean>;
  exportBank(tenantId: string, bankId: string): Promise<BankContent[] | null>;
  hashMedia(tenantId: string, media: MediaSource): Promise<{ pdq: string; quality: number }>;
}

/**
 * policy-scorer: a tenant's policy documents. publishPolicy and dryRunPolicy refuse Standard tenants
 * (forbidden) and invalid documents (invalid_request); a dry run validates and replays, never publishes.
 */
export interface PoliciesApi {
  activePolicy(tenantId: string): Promise<PolicyView>;
  publishPolicy(tenantId: string, document: unknown): Promise<PublishedPolicy>;
  /** What publishing `document` would change on the tenant's `items` most recent automated decisions. */
  dryRunPolicy(tenantId: string, document: unknown, items: number): Promise<PolicyDryRun>;
  /** null: the tenant has no such version. */
  policyVersion(tenantId: string, version: string): Promise<PolicyView | null>;
}
