// TextToxicity over gRPC, and the text model in vision-inference's ListModels: the language detected
// for each text (null when none) comes back with that text, in order, and the languages the model
// scores (TextCoverage.languages, ModelReport.languages: labels and held-back figures, a null ROC-AUC
// kept null) come back as the service reported them. Once with hand-written answers covering the edge
// cases, once with the trained model itself behind the binding (Greek, Russian, German, English
// captions and an unidentifiable one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import { TOXICITY_LABELS, emptyScores } from '@modsvc/common/classes';
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
  const scores = emptyScores(TOXICITY_LABELS);
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
