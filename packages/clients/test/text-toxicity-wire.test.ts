// TextToxicity over gRPC, and the text model in vision-inference's ListModels: the language detected
// for each text (null when none) comes back with that text, in order, and the languages the model
// scores (TextCoverage.languages, ModelReport.languages: labels and held-back figures, a null ROC-AUC
// kept null) come back as the service reported them. Once with hand-written answers covering the edge
// cases, once with the trained model itself behind the binding (Greek, Russian, German, English
// captions and an unidentifiable one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import { TEXT_LABELS, TOXICITY_LABELS, emptyScores } from '@modsvc/common/classes';
import { withTextCoverage, type ModelsApi, type ModelsReport, type TextCoverage, type TextSource, type TextToxicityApi } from '@modsvc/common/contracts';
import { ModelsReportSchema } from '@modsvc/common/domain/index';
import type { TextToxicityPart } from '@modsvc/common/jobs';
import { loadToxicityModel } from '../../../services/text-toxicity/src/model/scorer.ts';
import { toxicityCoverage } from '../../../services/text-toxicity/src/coverage.ts';
import { settingsSchema as toxicitySettings } from '../../../services/text-toxicity/src/settings.ts';
import { textToxicityBinding, textToxicityClient } from '../src/text-toxicity.ts';
import { visionModelsBinding, visionModelsClient } from '../src/vision-models.ts';

const COVERAGE: TextCoverage = {
  model: 'toxicity@2.0.0',
  labels: TOXICITY_LABELS.map((label) => ({ label, scored: label !== 'severe_toxicity', note: label === 'severe_toxicity' ? 'too few positives' : 'calibrated' })),
  languages: [
    {
      language: 'el',
      labels: ['toxicity'],
      heldBack: [{ part: 'validation split', rows: 512, positives: 97, rocAuc: 0.827 }],
      sources: [{ source: 'offenseval2020', rows: 7600, toxic: 2185, toxicityMeans: 'offensive language' }],
    },
    {
      language: 'de',
      labels: ['toxicity', 'identity_attack', 'insult', 'obscene'],
      heldBack: [
        { part: 'validation split', rows: 1200, positives: 300, rocAuc: 0.8 },
        { part: 'source hasoc2019 held out', rows: 40, positives: 0, rocAuc: null },
      ],
      sources: [
        { source: 'germeval2018', rows: 4400, toxic: 1480, toxicityMeans: 'offensive language' },
        { source: 'hasoc2019', rows: 3360, toxic: 360, toxicityMeans: 'hate, offensive or profane' },
      ],
    },
    { language: 'da', labels: ['toxicity'], heldBack: [], sources: [] },
  ],
};

/** A part per text: the language from the text's first word, scores only for labels that language has. */
function part(text: string): TextToxicityPart {
  const language = ({ Η: 'el', Ты: 'ru', Du: 'de', You: 'en' } as Record<string, string>)[text.split(' ')[0]!] ?? null;
  const scores = emptyScores(TEXT_LABELS);
  if (language) scores.toxicity = 0.125 + text.length / 1024;
  if (language === 'de') scores.insult = 0.75;
  return { scores, topSpan: language ? { start: 0, end: text.length, text } : null, model: COVERAGE.model, language };
}

const TEXTS = ['Η Αθήνα είναι η πρωτεύουσα της Ελλάδας', '12 34', 'Ты дурак', 'Du bist ein Idiot', 'You are kind'];

async function serve(...bindings: Parameters<typeof startGrpcServer>[0]): Promise<GrpcServer> {
  return startGrpcServer(bindings, { host: '127.0.0.1', port: 0, auth: null });
}

describe('text toxicity languages over gRPC (hand-written answers)', () => {
  let server: GrpcServer;
  let client: TextToxicityApi;
  const sources: TextSource[] = [];
  const api: TextToxicityApi = {
    async score(texts, source) {
      sources.push(source);
      return texts.map(part);
    },
    coverage: async () => COVERAGE,
  };

  beforeAll(async () => {
    server = await serve(textToxicityBinding(api));
    client = textToxicityClient(`127.0.0.1:${server.port}`, null);
  });
  afterAll(async () => {
    await server.close(1000);
  });

  it('each text keeps its own language, in order; none detected stays null', async () => {
    const got = await client.score(TEXTS, 'ocr');
    expect(sources.at(-1)).toBe('ocr');
    expect(got.map((p) => p.language)).toEqual(['el', null, 'ru', 'de', 'en']);
    expect(got).toEqual(TEXTS.map(part));
  });

  it('the languages of the coverage come back with their labels and held-back figures, a null ROC-AUC null', async () => {
    const got = await client.coverage();
    expect(got).toEqual(COVERAGE);
    expect(got.languages![1]!.heldBack[1]).toStrictEqual({ part: 'source hasoc2019 held out', rows: 40, positives: 0, rocAuc: null });
    expect(got.languages![2]!.heldBack).toEqual([]);
  });

  it('a model reporting no languages has no languages field', async () => {
    const plain = await serve(textToxicityBinding({ ...api, coverage: async () => ({ model: 'toxicity@1.1.0', labels: COVERAGE.labels }) }));
    try {
      const got = await textToxicityClient(`127.0.0.1:${plain.port}`, null).coverage();
      expect(got).toStrictEqual({ model: 'toxicity@1.1.0', labels: COVERAGE.labels });
    } finally {
      await plain.close(1000);
    }
  });

  it("the models report's text model keeps its languages; image models get none", async () => {
    const vision: ModelsReport = {
      models: [{ id: 'tesseract-eng', version: '7.0.0', runtime: 'tesseract', classes: [], loaded: true, error: null }],
      classes: [{ class: 'photo', group: 'image_type', model: null, note: 'no model', calibration: null, heldBack: { all: null, photos: null } }],
    };
    const report = withTextCoverage(vision, await client.coverage());
    expect(report.models[1]!.languages).toEqual(COVERAGE.languages);
    const models: ModelsApi = { models: async () => report, embed: async () => ({ model: '', vectors: [] }) };
    const vs = await serve(visionModelsBinding(models));
    try {
      const got = await visionModelsClient(`127.0.0.1:${vs.port}`, null).models();
      expect(got).toEqual(report);
      expect('languages' in got.models[0]!).toBe(false);
      expect(got.models[1]!.languages![1]!.heldBack[1]!.rocAuc).toBeNull();
      expect(ModelsReportSchema.parse(got)).toEqual(got);
    } finally {
      await vs.close(1000);
    }
  });
});

describe('self_harm and operating points over gRPC (toxicity 3.0.0)', () => {
  const EN_OPS = { toxicity: { LOW: 0.1, MEDIUM: 0.3, HIGH: 0.6 }, self_harm: { LOW: 0.05, MEDIUM: 0.2, HIGH: 0.45 } };
  const PARTS: TextToxicityPart[] = [
    { scores: { ...emptyScores(TEXT_LABELS), toxicity: 0.4, self_harm: 0.25 }, operatingPoints: EN_OPS, topSpan: { start: 0, end: 4, text: 'kill' }, model: 'toxicity@3.0.0', language: 'en' },
    // self_harm not scored in German: null, and no points for it.
    { scores: { ...emptyScores(TEXT_LABELS), toxicity: 0 }, operatingPoints: { toxicity: { LOW: 0.2, MEDIUM: 0.2, HIGH: 1 } }, topSpan: null, model: 'toxicity@3.0.0', language: 'de' },
    { scores: emptyScores(TEXT_LABELS), topSpan: null, model: 'toxicity@3.0.0', language: null },
  ];
  const figures = (low: number, medium: number, high: number) => [
    { level: 'LOW' as const, threshold: low, target: 'recall >= 0.95', reached: true, recall: 0.96, precision: 0.41, falsePositiveRate: 0.12 },
    { level: 'MEDIUM' as const, threshold: medium, target: 'precision >= 0.70', reached: false, recall: 0.7, precision: 0.66, falsePositiveRate: 0.03 },
    { level: 'HIGH' as const, threshold: high, target: 'precision >= 0.90', reached: true, recall: 0.4, precision: 0.91, falsePositiveRate: 0.004 },
  ];
  const COVERAGE_3: TextCoverage = {
    model: 'toxicity@3.0.0',
    labels: TEXT_LABELS.map((label) => ({ label, scored: true, note: 'calibrated' })),
    languages: [
      {
        language: 'en',
        labels: ['toxicity', 'self_harm'],
        heldBack: [{ part: 'validation split', rows: 900, positives: 200, rocAuc: 0.91 }],
        sources: [],
        operatingPoints: [
          { signal: 'toxicity', points: EN_OPS.toxicity, basis: { part: 'validation split', positives: 200, negatives: 700 }, figures: figures(0.1, 0.3, 0.6) },
          { signal: 'self_harm', points: EN_OPS.self_harm, basis: { part: 'validation split', positives: 40, negatives: 860 }, figures: figures(0.05, 0.2, 0.45) },
        ],
      },
      // A language of the same model without points keeps no operatingPoints field.
      { language: 'da', labels: ['toxicity'], heldBack: [], sources: [] },
    ],
  };
  let server: GrpcServer;
  let client: TextToxicityApi;

  beforeAll(async () => {
    server = await serve(textToxicityBinding({ score: async (texts) => texts.map((_, i) => PARTS[i % PARTS.length]!), coverage: async () => COVERAGE_3 }));
    client = textToxicityClient(`127.0.0.1:${server.port}`, null);
  });
  afterAll(async () => {
    await server.close(1000);
  });

  it('each part comes back with self_harm after the seven labels and its operating points per label, absent where it has none', async () => {
    const got = await client.score(['a', 'b', 'c'], 'caption');
    expect(got).toStrictEqual(PARTS);
    expect(Object.keys(got[0]!.scores)).toEqual([...TEXT_LABELS]);
    expect('operatingPoints' in got[2]!).toBe(false);
  });

  it('a part from a model before self_harm (no such key) comes back with self_harm null, never 0', async () => {
    const { self_harm: _none, ...seven } = PARTS[0]!.scores;
    const older = { scores: seven, topSpan: null, model: 'toxicity@2.1.0', language: 'en' } as unknown as TextToxicityPart;
    const old = await serve(textToxicityBinding({ score: async (texts) => texts.map(() => older), coverage: async () => COVERAGE }));
    try {
      const [got] = await textToxicityClient(`127.0.0.1:${old.port}`, null).score(['x'], 'caption');
      expect(got).toStrictEqual({ ...older, scores: { ...seven, self_harm: null } });
    } finally {
      await old.close(1000);
    }
  });

  it('the coverage and the models report carry each language\'s operating points with their basis and figures', async () => {
    const got = await client.coverage();
    expect(got).toStrictEqual(COVERAGE_3);
    const report = withTextCoverage({ models: [], classes: [] }, got);
    expect(report.models[0]!.languages![0]!.operatingPoints).toEqual(COVERAGE_3.languages![0]!.operatingPoints);
    const vs = await serve(visionModelsBinding({ models: async () => report, embed: async () => ({ model: '', vectors: [] }) }));
    try {
      const models = await visionModelsClient(`127.0.0.1:${vs.port}`, null).models();
      expect(models).toStrictEqual(report);
      expect('operatingPoints' in models.models[0]!.languages![1]!).toBe(false);
      expect(ModelsReportSchema.parse(models)).toEqual(models);
    } finally {
      await vs.close(1000);
    }
  });
});

describe('text toxicity languages over gRPC (the trained model)', () => {
  const scorer = loadToxicityModel(toxicitySettings.parse({}));
  const direct: TextToxicityApi = { score: (t, s) => scorer.score(t, s), coverage: async () => toxicityCoverage(scorer) };
  let server: GrpcServer;
  let client: TextToxicityApi;
  const captions = [
    'Σήμερα ο καιρός είναι πολύ ζεστός και πάμε στην παραλία',
    'Сегодня вечером мы пойдём в кино с друзьями',
    'Heute Abend gibt es Käse und frisches Brot',
    'Please keep your dog on a leash in the park',
    '!!! 42 ???',
  ];

  beforeAll(async () => {
    server = await serve(textToxicityBinding(direct));
    client = textToxicityClient(`127.0.0.1:${server.port}`, null);
  });
  afterAll(async () => {
    await server.close(1000);
  });

  it('scores, spans and detected languages arrive as the model gave them', async () => {
    const want = await direct.score(captions, 'ocr');
    expect(want.map((p) => p.language)).toEqual(['el', 'ru', 'de', 'en', null]);
    expect(await client.score(captions, 'ocr')).toEqual(want);
  });

  it("the model's scored languages arrive in the coverage and in the models report", async () => {
    const want = toxicityCoverage(scorer);
    const got = await client.coverage();
    expect(got).toEqual(want);
    expect(got.languages!.map((l) => l.language)).toEqual(expect.arrayContaining(['ar', 'da', 'de', 'el', 'en', 'es', 'ru', 'tr']));
    const report = withTextCoverage({ models: [], classes: [] }, got);
    const vs = await serve(visionModelsBinding({ models: async () => report, embed: async () => ({ model: '', vectors: [] }) }));
    try {
      const models = await visionModelsClient(`127.0.0.1:${vs.port}`, null).models();
      expect(models).toEqual(report);
      expect(models.models[0]!.languages).toEqual(want.languages);
      expect(ModelsReportSchema.parse(models)).toEqual(models);
    } finally {
      await vs.close(1000);
    }
  });
});
