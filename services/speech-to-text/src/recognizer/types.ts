// The recogniser behind speech-to-text. The transcriber does voice activity detection, cuts the
// audio into speech chunks of at most ~30 s, writes each as a 16 kHz mono 16-bit WAV and asks a
// SpeechRecognizer for the words in it; times come back relative to the chunk's start.
//
// Replacing pocketsphinx with a Whisper-class ONNX model (where its weights can be had):
//   1. Add `recognizer/whisper-onnx.ts` implementing SpeechRecognizer with onnxruntime-node: read
//      the chunk with `readWav` (../wav.ts), compute the 80-bin log-mel spectrogram (25 ms window,
//      10 ms hop, padded to 30 s: the chunk cap matches Whisper's window), run the encoder once and
//      the decoder greedily with timestamp tokens, and map the timestamp tokens to word (or
//      sub-sentence) start/end times. `id` is `whisper-<size>@<weights hash>`.
//   2. Throw RecognizerUnavailableError from `transcribe` when the model files are missing, so the
//      speech stage reports a clear error and the job still succeeds.
//   3. Pass it as `createSpeechToText({ recognizer })`; nothing else changes. Whisper does its own
//      segmentation inside 30 s, so the VAD then only skips silence.

/** One recognised word; times in seconds from the start of the WAV handed to the recogniser. */
export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  /** Posterior probability in [0, 1] where the recogniser gives one, else null. */
  confidence: number | null;
}

export interface SpeechRecognizer {
  /** `name@version`, reported as TranscriptResult.recognizer. */
  readonly id: string;
  /** Words in a 16 kHz mono 16-bit PCM WAV; an empty list when it hears none. */
  transcribe(wavPath: string): Promise<RecognizedWord[]>;
  /** Optional batch form (one model load for many chunks); same result as calling transcribe on each. */
  transcribeMany?(wavPaths: string[]): Promise<RecognizedWord[][]>;
}

/** The recogniser cannot run here: binary or model missing. The speech stage reports it as its error. */
export class RecognizerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecognizerUnavailableError';
  }
}

/** The recogniser ran but failed (crash, timeout, unparseable output). */
export class RecognizerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecognizerError';
  }
}
