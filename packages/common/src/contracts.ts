// Interfaces between services. In all-in-one mode they are plain objects; in distributed mode the
// same interfaces are implemented by gRPC clients (see grpc-clients.ts).
import type { ClassScores, VisualClass } from './classes.ts';
import type { TextToxicityPart, VisualEvidence } from './jobs.ts';

export type TextSource = 'caption' | 'ocr' | 'speech' | 'api';

/** text-toxicity: scores texts (long ones in windows) with the trained toxicity model. */
export interface TextToxicityApi {
  score(texts: string[], source: TextSource): Promise<TextToxicityPart[]>;
}

/** One decoded still image or sampled video frame handed to vision-inference. */
export interface FrameInput {
  timestamp: number; // seconds from the start; 0 for stills
  data: Buffer; // JPEG or PNG bytes, EXIF orientation already applied
}

export interface VisionAnalysis {
  scores: ClassScores<VisualClass>;
  evidence: Partial<Record<VisualClass, VisualEvidence[]>>;
  /** `id@version` of each model that contributed. */
  models: string[];
  framesAnalysed: number;
  /** Text read by OCR across frames (empty string: OCR ran and found none; null: no OCR model). */
  ocrText: string | null;
}

export interface ModelReport {
  id: string;
  version: string;
  runtime: string;
  classes: string[];
  loaded: boolean;
  error: string | null;
}

export interface ClassCoverageReport {
  class: string;
  group: string;
  model: string | null; // null: no model scores it, reported as null
  note: string;
}

export interface ModelsReport {
  models: ModelReport[];
  classes: ClassCoverageReport[];
}

/** vision-inference: the model registry behind the visual classes. */
export interface VisionAnalyzer {
  init(): Promise<void>;
  analyze(frames: FrameInput[]): Promise<VisionAnalysis>;
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
