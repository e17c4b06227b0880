// VisionInference over gRPC: the models report (ListModels) and image embeddings (Embed).
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type VisionInferenceHandlers, type ListModelsReply__Output, type EmbedReply__Output, type HeldBackQuality__Output, type HeldBackQuality as WireQuality } from '@modsvc/protos';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { HeldBackQuality, ModelsApi, ModelsReport } from '@modsvc/common/contracts';

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

/** ListModels: the vision models and (vision-inference asks text-toxicity) the caption labels. */
export function visionModelsBinding(api: ModelsApi): GrpcBinding {
  const handlers: VisionInferenceHandlers = {
    ListModels: unaryHandler(async () => {
      const report = await api.models();
      return {
        models: report.models.map((m) => ({ ...m, error: m.error ?? '' })),
        classes: report.classes.map((c) => ({
          className: c.class,
          group: c.group,
          model: c.model ?? '',
          note: c.note,
          calibration: c.calibration ?? '',
          heldBack: c.heldBack.all ? qualityToWire(c.heldBack.all) : null,
          heldBackPhotos: c.heldBack.photos ? qualityToWire(c.heldBack.photos) : null,
        })),
      };
    }),
    Embed: unaryHandler(async (req) => {
      const reply = await api.embed(req.images);
      return { model: reply.model, vectors: reply.vectors.map((v) => ({ values: Array.from(v) })) };
    }),
  };
  return { name: 'moderation.v1.VisionInference', definition: moderationGrpc().VisionInference.service, handlers };
}

export function visionModelsClient(address: string, auth: ServiceAuth | null): ModelsApi {
  const client = new (moderationGrpc().VisionInference)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async models(): Promise<ModelsReport> {
      const reply = await callUnary<ListModelsReply__Output>((md, o, cb) => client.ListModels({}, md, o, cb));
      return {
        models: reply.models.map((m) => ({ ...m, error: m.error || null })),
        classes: reply.classes.map((c) => ({
          class: c.className,
          group: c.group,
          model: c.model || null,
          note: c.note,
          calibration: c.calibration === 'calibrated' || c.calibration === 'uncalibrated' ? c.calibration : null,
          heldBack: { all: qualityFromWire(c.heldBack), photos: qualityFromWire(c.heldBackPhotos) },
        })),
      };
    },
    async embed(images) {
      const reply = await callUnary<EmbedReply__Output>((md, o, cb) => client.Embed({ images }, md, o, cb));
      return { model: reply.model, vectors: reply.vectors.map((v) => Float32Array.from(v.values)) };
    },
  };
}
