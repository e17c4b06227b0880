// GET /models: the loaded models and, for every class, which model scores it (or that none does),
// its calibration and held-back quality (proto: ListModelsReply; this is the JSON the gateway answers).
import { z } from 'zod';

export const HeldBackQualitySchema = z.strictObject({
  images: z.number().int(),
  positives: z.number().int(),
  rocAuc: z.number().nullable().describe('null when the images have no positives or no negatives.'),
  averagePrecision: z.number().nullable(),
  calibrationError: z.number().nullable().describe('Expected calibration error over 10 equal-width bins.'),
});

export const HeldBackSourceSchema = z.strictObject({
  source: z.string().describe('A source repository whose images were held back (never fitted on) for the figures.'),
  positives: z.number().int().describe("Held-back images of the source that show the class."),
  negatives: z.number().int().describe('Held-back images of the source that do not.'),
  rocAuc: z.number().nullable().describe("ROC-AUC of the class's score on the source's held-back images; null when it cannot be measured."),
  fold: z.string().optional().describe('The split (fold) in which the source was held back, where the fit had several.'),
});

export const LanguageHeldBackSchema = z.strictObject({
  part: z.string().describe('What was held back (never trained or calibrated on): a validation split, a whole source, or a whole language.'),
  rows: z.number().int(),
  positives: z.number().int().describe("Positive rows of the label among them (toxic rows for toxicity)."),
  rocAuc: z.number().nullable().describe("The label's ROC-AUC on the part; null when it cannot be measured."),
  label: z.string().optional().describe('The label the figures are of; toxicity when absent (models before 3.0.0 report toxicity only).'),
});

export const LanguageSourceSchema = z.strictObject({
  source: z.string().describe('A human-labelled data set the language was trained on (English also learns from the synthetic and weakly labelled file, not listed).'),
  rows: z.number().int().describe('Its rows annotated for toxicity (training and calibration).'),
  toxic: z.number().int().describe('Toxic rows among them.'),
  toxicityMeans: z.string().describe("What the source's toxicity label marks: the language's toxicity score learns that definition."),
});

const ProbabilitySchema = z.number().min(0).max(1);

export const OperatingPointsSchema = z
  .strictObject({ LOW: ProbabilitySchema, MEDIUM: ProbabilitySchema, HIGH: ProbabilitySchema })
  .describe("Thresholds on the signal's calibrated probability at which it reads LOW, MEDIUM and HIGH (LOW <= MEDIUM <= HIGH).");

export const OperatingPointFiguresSchema = z.strictObject({
  level: z.enum(['LOW', 'MEDIUM', 'HIGH']),
  threshold: ProbabilitySchema.describe('The operating point: the calibrated probability at which the level starts.'),
  target: z.string().describe('The target that chose it, e.g. "recall >= 0.90" or "precision >= 0.95".'),
  reached: z.boolean().describe('Whether the target was reached on the held-back rows (otherwise the nearest point was taken).'),
  recall: z.number(),
  precision: z.number().describe("Precision at the prior the probabilities are calibrated to (the rows' own precision is skewed by how the sources were collected)."),
  falsePositiveRate: z.number().describe('Share of held-back negatives at or above the threshold.'),
  benignFlaggedRate: z.number().optional().describe('Share of held-back benign texts (annotated not harmful at all) at or above the threshold.'),
});

export const SignalOperatingPointsSchema = z
  .strictObject({
    signal: z.string().describe('The label (or class).'),
    points: OperatingPointsSchema,
    basis: z
      .strictObject({ part: z.string(), positives: z.number().int(), negatives: z.number().int() })
      .describe('The held-back rows the points were chosen on (never trained on).'),
    figures: z.array(OperatingPointFiguresSchema).describe('What each point was chosen for and what it gives on those rows.'),
  })
  .describe(
    "A signal's operating points: the policy reads its probability against them, so that 0.2, 0.5 and 0.8 on a policy category's score are this signal's LOW, MEDIUM and HIGH points.",
  );

export const TextLanguageReportSchema = z.strictObject({
  language: z.string().describe('ISO 639-1 code, as results report it in `language`.'),
  labels: z.array(z.string()).describe('The labels scored for text in this language; the others are null for it.'),
  heldBack: z.array(LanguageHeldBackSchema).describe('Held-back figures in this language: toxicity, and from 3.0.0 the other labels a held-back part has positives of.'),
  sources: z
    .array(LanguageSourceSchema)
    .describe('The human-labelled sources the language was trained on and what each labels as toxic (e.g. hate speech only); empty when the model does not record them.'),
  operatingPoints: z
    .array(SignalOperatingPointsSchema)
    .optional()
    .describe("Each scored label's operating points in this language, with the held-back figures behind them (toxicity 3.0.0+); absent for models that ship none, whose scores the policy reads on the Standard thresholds."),
  unmeasured: z
    .array(z.string())
    .optional()
    .describe(
      "Scored labels that no labelled data of this language backs (toxicity 3.0.0+): scored from the text's English word-by-word gloss with English's calibration and operating points, so their figures are English's, not this language's. Absent when there are none.",
    ),
});

export const ModelReportSchema = z.strictObject({
  id: z.string(),
  version: z.string(),
  runtime: z.string(),
  classes: z.array(z.string()),
  loaded: z.boolean(),
  error: z.string().nullable().describe('Why the model failed to load, when it did.'),
  languages: z
    .array(TextLanguageReportSchema)
    .optional()
    .describe(
      'Text models: the languages the model scores, with their labels and held-back figures. Text detected as any other language is reported with its `language` and null scores. Absent for image models.',
    ),
});

export const ClassCoverageReportSchema = z.strictObject({
  class: z.string(),
  group: z.string(),
  model: z.string().nullable().describe('id@version of the model that scores the class; null: none does, and the class is reported as null.'),
  note: z.string(),
  calibration: z
    .enum(['calibrated', 'uncalibrated'])
    .nullable()
    .describe("calibrated: a probability fitted on labelled data; uncalibrated: the model's own confidence; null: not scored."),
  heldBack: z
    .strictObject({
      all: HeldBackQualitySchema.nullable(),
      photos: HeldBackQualitySchema.nullable(),
      sources: z
        .array(HeldBackSourceSchema)
        .optional()
        .describe('The held-back source repositories the figures rest on, each with its own figures; absent when the calibrator does not list them.'),
    })
    .describe('Held-back (out-of-fold) figures on all labelled images and on photographs only, where measured.'),
  operatingPoints: SignalOperatingPointsSchema.optional().describe(
    "The class's operating points (signal = the class), chosen on its held-back images' calibrated probabilities, with the figures behind them; the policy reads the class's score against them. Absent when its calibrator ships none: the score is read on the Standard thresholds.",
  ),
  quality: z
    .enum(['limited'])
    .optional()
    .describe(
      "limited: the class is scored although its held-back figures fall short of the publishing rule (a held-back source below the rule's ROC-AUC, or fewer sources than it asks; the note gives the per-source figures). Absent: standard quality.",
    ),
});

export const ModelsReportSchema = z.strictObject({
  models: z.array(ModelReportSchema),
  classes: z.array(ClassCoverageReportSchema),
});

export type HeldBackQuality = z.infer<typeof HeldBackQualitySchema>;
export type HeldBackSource = z.infer<typeof HeldBackSourceSchema>;
export type ModelReport = z.infer<typeof ModelReportSchema>;
export type TextLanguageReport = z.infer<typeof TextLanguageReportSchema>;
export type LanguageHeldBack = z.infer<typeof LanguageHeldBackSchema>;
export type ClassCoverageReport = z.infer<typeof ClassCoverageReportSchema>;
export type ModelsReport = z.infer<typeof ModelsReportSchema>;
