// VisionInference over gRPC: the models report (ListModels) and image embeddings (Embed).
import * as grpc from '@grpc/grpc-js';
import {
  moderationGrpc,
  type VisionInferenceHandlers,
  type ListModelsReply__Output,
  type EmbedReply__Output,
  type HeldBackQuality__Output,
  type HeldBackQuality as WireQuality,
  type HeldBackSource__Output,
  type HeldBackSource as WireSource,
  type LanguageCoverage as WireLanguage,
  type LanguageCoverage__Output,
  type SignalOperatingPoints__Output,
} from '@modsvc/protos';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { ClassCoverageReport, HeldBackQuality, HeldBackSource, ModelsApi, ModelsReport, TextLanguageReport } from '@modsvc/common/contracts';
import { signalPointsFromWire, signalPointsToWire } from './operating-points.ts';

/** A text model's languages on the wire (roc_auc absent when null; no operating points: an empty list). */
export function languagesToWire(langs: TextLanguageReport[] | undefined): WireLanguage[] {
  return (langs ?? []).map((l) => ({
    language: l.language,
    labels: l.labels,
    heldBack: l.heldBack.map((h) => ({ part: h.part, rows: h.rows, positives: h.positives, label: h.label ?? '', ...(h.rocAuc === null ? {} : { rocAuc: h.rocAuc }) })),
    sources: l.sources,
    operatingPoints: (l.operatingPoints ?? []).map(signalPointsToWire),
    unmeasured: l.unmeasured ?? [],
  }));
}

/** `operatingPoints` only on languages that have some (models before toxicity 3.0.0 ship none), as the service reports them. */
export function languagesFromWire(langs: LanguageCoverage__Output[]): TextLanguageReport[] {
  return langs.map((l) => {
    const operatingPoints = signalPointsFromWire(l.operatingPoints);
    return {
      language: l.language,
      labels: l.labels,
      heldBack: l.heldBack.map((h) => ({ part: h.part, rows: h.rows, positives: h.positives, rocAuc: h.rocAuc ?? null, ...(h.label ? { label: h.label } : {}) })),
      sources: l.sources.map((s) => ({ source: s.source, rows: s.rows, toxic: s.toxic, toxicityMeans: s.toxicityMeans })),
      ...(operatingPoints.length ? { operatingPoints } : {}),
      ...(l.unmeasured.length ? { unmeasured: l.unmeasured } : {}),
    };
  });
}

/** Optional doubles are left out when null (proto3 `optional`: absent, not 0). */
function qualityToWire(q: HeldBackQuality): WireQuality {
  const w: WireQuality = { images: q.images, positives: q.positives };
  if (q.rocAuc !== null) w.rocAuc = q.rocAuc;
  if (q.averagePrecision !== null) w.averagePrecision = q.averagePrecision;
  if (q.calibrationError !== null) w.calibrationError = q.calibrationError;
  return w;
}

function qualityFromWire(q: HeldBackQuality__Output | null): HeldBackQuality | null {
  if (!q) return null;
  return { images: q.images, positives: q.positives, rocAuc: q.rocAuc ?? null, averagePrecision: q.averagePrecision ?? null, calibrationError: q.calibrationError ?? null };
}

/** Optional fields are left out when null or absent (proto3 `optional`). */
function sourceToWire(s: HeldBackSource): WireSource {
  const w: WireSource = { source: s.source, positives: s.positives, negatives: s.negatives };
  if (s.rocAuc !== null) w.rocAuc = s.rocAuc;
  if (s.fold !== undefined) w.fold = s.fold;
  return w;
}

function sourceFromWire(s: HeldBackSource__Output): HeldBackSource {
  const out: HeldBackSource = { source: s.source, positives: s.positives, negatives: s.negatives, rocAuc: s.rocAuc ?? null };
  if (s.fold !== undefined) out.fold = s.fold;
  return out;
}

/** The REST `heldBack` from the wire's three fields; `sources` absent when the list is empty (as the analyzer reports it). */
function heldBackFromWire(all: HeldBackQuality__Output | null, photos: HeldBackQuality__Output | null, sources: HeldBackSource__Output[]): ClassCoverageReport['heldBack'] {
  const held: ClassCoverageReport['heldBack'] = { all: qualityFromWire(all), photos: qualityFromWire(photos) };
  if (sources.length) held.sources = sources.map(sourceFromWire);
  return held;
}

/** A class's `operatingPoints` from the wire: absent when the message is (its calibrator ships none). */
function classPointsFromWire(p: SignalOperatingPoints__Output | null): Pick<ClassCoverageReport, 'operatingPoints'> {
  const [points] = p ? signalPointsFromWire([p]) : [];
  return points ? { operatingPoints: points } : {};
}

/** ListModels: the vision models and (vision-inference asks text-toxicity) the caption labels. */
export function visionModelsBinding(api: ModelsApi): GrpcBinding {
  const handlers: VisionInferenceHandlers = {
    ListModels: unaryHandler(async () => {
      const report = await api.models();
      return {
        models: report.models.map((m) => ({ ...m, error: m.error ?? '', languages: languagesToWire(m.languages) })),
        classes: report.classes.map((c) => ({
          className: c.class,
          group: c.group,
          model: c.model ?? '',
          note: c.note,
          calibration: c.calibration ?? '',
          heldBack: c.heldBack.all ? qualityToWire(c.heldBack.all) : null,
          heldBackPhotos: c.heldBack.photos ? qualityToWire(c.heldBack.photos) : null,
          heldBackSources: (c.heldBack.sources ?? []).map(sourceToWire),
          operatingPoints: c.operatingPoints ? signalPointsToWire(c.operatingPoints) : null,
          quality: c.quality ?? '',
        })),
      };
    }),
    Embed: unaryHandler(async (req) => {
      const reply = await api.embed(req.images);
      return { model: reply.model, vectors: reply.vectors.map((v) => ({ values: Array.from(v) })) };
    }),
  };
  return { name: 'moderation.v1.VisionInference', definition: moderationGrpc().VisionInference.service, handlers, callers: callersOf('moderation.v1.VisionInference') };
}

export function visionModelsClient(address: string, auth: ServiceAuth | null): ModelsApi {
  const client = new (moderationGrpc().VisionInference)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async models(): Promise<ModelsReport> {
      const reply = await callUnary<ListModelsReply__Output>((md, o, cb) => client.ListModels({}, md, o, cb));
      return {
        // `languages` only on models that report some (text models), as the REST schema has it.
        models: reply.models.map(({ languages, ...m }) => ({ ...m, error: m.error || null, ...(languages.length ? { languages: languagesFromWire(languages) } : {}) })),
        classes: reply.classes.map((c) => ({
          class: c.className,
          group: c.group,
          model: c.model || null,
          note: c.note,
          calibration: c.calibration === 'calibrated' || c.calibration === 'uncalibrated' ? c.calibration : null,
          heldBack: heldBackFromWire(c.heldBack, c.heldBackPhotos, c.heldBackSources),
          ...classPointsFromWire(c.operatingPoints),
          ...(c.quality === 'limited' ? { quality: 'limited' as const } : {}),
        })),
      };
    },
    async embed(images) {
      const reply = await callUnary<EmbedReply__Output>((md, o, cb) => client.Embed({ images }, md, o, cb));
      return { model: reply.model, vectors: reply.vectors.map((v) => Float32Array.from(v.values)) };
    },
  };
}
