// The items-and-characteristics result: every group and class of the spec (null where no model scores
// a class), the analysed url, and the documented extras. Keys are in the order policy-scorer writes them.
import { z } from 'zod';
import { VISUAL_CLASSES } from '../classes.ts';
import { classScoresSchema, textScoresSchema } from './score.ts';
import { parseAs } from './parse.ts';
import { knownContentFields } from './known-content.ts';

export const VisualClassSchema = z.enum(VISUAL_CLASSES);

export const TextSpanSchema = z.strictObject({
  start: z.number().int().describe('Character offset where the span starts.'),
  end: z.number().int().describe('Character offset where the span ends (exclusive).'),
  text: z.string(),
});

export const VisualEvidenceSchema = z.strictObject({
  timestamp: z.number().min(0).describe('Seconds from the start of the media; 0 for still images.'),
  score: z.number().min(0).max(1),
  model: z.string().describe('id@version of the model that gave the score.'),
  box: z
    .tuple([z.number(), z.number(), z.number(), z.number()])
    .optional()
    .describe('x, y, width, height in source pixels, where the model gives one.'),
});

export const TextLanguageSchema = z
  .string()
  .nullable()
  .describe(
    'Detected language of the text (ISO 639-1, e.g. `de`); null when the text has too few letters to tell or no text was scored; absent in results from before language identification. Scores of a language the text model has no training data for (see GET /v1/models) are null.',
  );

const toxicityFields = {
  scores: textScoresSchema().describe('The seven caption_language_toxicity labels of this text, then self_harm (an extension).'),
  top_span: TextSpanSchema.nullable().describe('The span that scored highest on toxicity.'),
  model: z.string().nullable().describe('id@version of the text model; null when no text was scored.'),
  language: TextLanguageSchema.optional(),
};

export const OcrResultSchema = z
  .strictObject({
    text: z.string(),
    recognizer: z
      .string()
      .optional()
      .describe('id@version of the OCR model that read the image or frames, also when it read nothing; absent in results from before it was recorded.'),
    ...toxicityFields,
  })
  .describe('Text read in the image or frames, and its toxicity; the whole field is null when no OCR model is loaded.');

export const SpeechSegmentSchema = z.strictObject({
  start: z.number().describe('Seconds from the start of the media.'),
  end: z.number().describe('Seconds from the start of the media.'),
  text: z.string(),
});

export const SpeechResultSchema = z
  .strictObject({
    transcript: z.string(),
    segments: z.array(SpeechSegmentSchema),
    recognizer: z.string().nullable(),
    error: z.string().nullable().describe('Why speech was not analysed (for example no recogniser installed); null when it was.'),
    ...toxicityFields,
  })
  .describe(
    'Transcript of the speech track (videos) with timestamped segments, and its toxicity; error says why speech was not analysed. Speech is recognised in English only: `language` is `en` and speech in other languages is not understood.',
  );

export const ItemsResultSchema = z
  .strictObject({
    violence: classScoresSchema('violence'),
    substances: classScoresSchema('substances'),
    nsfw: classScoresSchema('nsfw'),
    hate_symbols: classScoresSchema('hate_symbols'),
    visual_content: classScoresSchema('visual_content'),
    other: classScoresSchema('other'),
    caption_language_toxicity: textScoresSchema().describe(
      'Toxicity of the caption only (text in images and speech have their own fields): the seven spec labels, then self_harm (an extension). Calibrated probabilities, not the risk scale of policy scores.',
    ),
    url: z.string().describe('The analysed resource: the submitted URL, or the uploaded file name.'),
    evidence: z
      .partialRecord(VisualClassSchema, z.array(VisualEvidenceSchema))
      .describe('Per visual class scoring above the reporting threshold: frame timestamps (s), score, model and box [x, y, w, h] where the model gives one.'),
    uncalibrated: z
      .array(VisualClassSchema)
      .optional()
      .describe(
        "Visual classes in this result whose score is the model's own confidence, not a probability calibrated on labelled data (for example adult_content and suggestive in the lite model set). Compare them only with thresholds you have measured yourself. Absent in results stored before it was introduced.",
      ),
    ocr: OcrResultSchema.nullable(),
    speech: SpeechResultSchema.nullable(),
    models: z.array(z.string()).describe('id@version of every model that contributed, the speech recogniser included when it gave a transcript.'),
    ...knownContentFields,
    caption_language: TextLanguageSchema.optional().describe(
      'Detected language of the caption (ISO 639-1); null when there is no caption or it has too few letters to tell; absent in results from before language identification. `ocr.language` and `speech.language` give the language of the other texts.',
    ),
  })
  .describe('Items and characteristics: per-class prevalence scores in [0, 1]; null where no loaded model scores the class.');

export type VisualEvidence = z.infer<typeof VisualEvidenceSchema>;
export type TextSpan = z.infer<typeof TextSpanSchema>;
export type SpeechSegment = z.infer<typeof SpeechSegmentSchema>;
export type OcrResult = z.infer<typeof OcrResultSchema>;
export type SpeechResult = z.infer<typeof SpeechResultSchema>;
export type ItemsResult = z.infer<typeof ItemsResultSchema>;

export function parseItemsResult(json: unknown): ItemsResult {
  return parseAs(ItemsResultSchema, 'ItemsResult', json);
}
