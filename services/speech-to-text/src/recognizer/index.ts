export { DEFAULT_DECODER_ARGS, PocketsphinxRecognizer, parseHypseg, parseV5Json, cleanWord } from './pocketsphinx.ts';
export type { PocketsphinxCli, PocketsphinxOptions } from './pocketsphinx.ts';
export { RecognizerError, RecognizerUnavailableError } from './types.ts';
export type { RecognizedWord, SpeechRecognizer } from './types.ts';
