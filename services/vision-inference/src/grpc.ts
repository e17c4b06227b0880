import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type VisionInferenceHandlers, type ListModelsReply__Output } from '@modsvc/protos';
import { CLIENT_OPTIONS, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { withTextCoverage, type ModelsApi, type ModelsReport, type TextCoverage, type VisionAnalyzer } from '@modsvc/common/contracts';

/** ListModels answers for the vision models and, through text-toxicity, for the caption labels. */
export function visionBinding(analyzer: VisionAnalyzer, textCoverage: () => Promise<TextCoverage>): GrpcBinding {
  const handlers: VisionInferenceHandlers = {
    ListModels: unaryHandler(async () => {
      const report = withTextCoverage(analyzer.models(), await textCoverage());
      return {
        models: report.models.map((m) => ({ ...m, error: m.error ?? '' })),
        classes: report.classes.map((c) => ({ className: c.class, group: c.group, model: c.model ?? '', note: c.note })),
      };
    }),
  };
  return { name: 'moderation.v1.VisionInference', definition: moderationGrpc().VisionInference.service, handlers };
}

export function visionModelsClient(address: string): ModelsApi {
  const client = new (moderationGrpc().VisionInference)(address, grpc.credentials.createInsecure(), CLIENT_OPTIONS);
  return {
    async models(): Promise<ModelsReport> {
      const reply = await callUnary<ListModelsReply__Output>((md, o, cb) => client.ListModels({}, md, o, cb));
      return {
        models: reply.models.map((m) => ({ ...m, error: m.error || null })),
        classes: reply.classes.map((c) => ({ class: c.className, group: c.group, model: c.model || null, note: c.note })),
      };
    },
  };
}
