import type {
  AnalyzeFrames__Output,
  DeliverCallback__Output,
  ExtractMedia__Output,
  FetchMedia__Output,
  JobFinished__Output,
  PartReady__Output,
  ScoreCaption__Output,
  TranscribeAudio__Output,
} from '@modsvc/protos';

/** Bus subjects and the protobuf message (moderation.v1.*) each carries. */
export const SUBJECTS = {
  'pipeline.fetch': 'moderation.v1.FetchMedia',
  'pipeline.extract': 'moderation.v1.ExtractMedia',
  'pipeline.vision': 'moderation.v1.AnalyzeFrames',
  'pipeline.speech': 'moderation.v1.TranscribeAudio',
  'pipeline.caption': 'moderation.v1.ScoreCaption',
  'pipeline.part': 'moderation.v1.PartReady',
  'pipeline.finished': 'moderation.v1.JobFinished',
  'pipeline.callback': 'moderation.v1.DeliverCallback',
} as const;

export type Subject = keyof typeof SUBJECTS;

export interface SubjectPayload {
  'pipeline.fetch': FetchMedia__Output;
  'pipeline.extract': ExtractMedia__Output;
  'pipeline.vision': AnalyzeFrames__Output;
  'pipeline.speech': TranscribeAudio__Output;
  'pipeline.caption': ScoreCaption__Output;
  'pipeline.part': PartReady__Output;
  'pipeline.finished': JobFinished__Output;
  'pipeline.callback': DeliverCallback__Output;
}

export interface BusMessage<T> {
  subject: Subject;
  data: T;
  /** Message headers: W3C trace context (traceparent) set by the publisher. */
  headers: Record<string, string>;
  /** 1 on first delivery, counting redeliveries. */
  deliveryCount: number;
  ack(): void;
  /** Redeliver after delayMs (default: the implementation's redelivery delay). */
  nak(delayMs?: number): void;
  /** Never redeliver. */
  term(): void;
  /** Extends the ack deadline while a long handler runs. */
  working(): void;
}

export interface PublishOptions {
  msgId?: string;
  headers?: Record<string, string>;
}

export interface ConsumeOptions {
  /** Messages handled at once by this process. Default 1. */
  concurrency?: number;
  /** Redelivery when not acked within this time. Default 60 s. */
  ackWaitMs?: number;
  /** Deliveries before the bus gives up on a message (-1 = unlimited). Default -1. */
  maxDeliver?: number;
}

export interface Consumer {
  /** Stops taking new messages and waits for in-flight handlers to settle. */
  stop(): Promise<void>;
}

/**
 * The pipeline bus: durable, at-least-once, explicit acks. Messages published to a subject are
 * delivered to every durable consumer of that subject, once per durable (shared by its instances).
 * Implementations: MemoryBus (in-process, all-in-one) and JetStreamBus (NATS JetStream).
 */
export interface Bus {
  /**
   * Names the message log a publish lands in. A durable bus (JetStream) keeps one epoch for good; an
   * in-process bus gets a new one each time it is built, so a record that a message was published on an
   * older epoch says the message went with the process that held it.
   */
  readonly epoch: string;
  init(): Promise<void>;
  /**
   * msgId de-duplicates publishes of the same logical message (JetStream Nats-Msg-Id). The active trace
   * context is added to the headers, so a stage's span continues the trace of whoever published.
   */
  publish<S extends Subject>(subject: S, payload: SubjectPayload[S], opts?: PublishOptions): Promise<void>;
  consume<S extends Subject>(
    subject: S,
    durable: string,
    handler: (msg: BusMessage<SubjectPayload[S]>) => Promise<void>,
    opts?: ConsumeOptions,
  ): Promise<Consumer>;
  close(): Promise<void>;
  /** Messages not yet delivered + delivered but not acked for a durable (JetStream num_pending + num_ack_pending). */
  consumerLag?(durable: string): Promise<number>;
}
