import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ClassCoverage as _moderation_v1_ClassCoverage, ClassCoverage__Output as _moderation_v1_ClassCoverage__Output } from './moderation/v1/ClassCoverage';
import type { CoverageReply as _moderation_v1_CoverageReply, CoverageReply__Output as _moderation_v1_CoverageReply__Output } from './moderation/v1/CoverageReply';
import type { CoverageRequest as _moderation_v1_CoverageRequest, CoverageRequest__Output as _moderation_v1_CoverageRequest__Output } from './moderation/v1/CoverageRequest';
import type { EmbedReply as _moderation_v1_EmbedReply, EmbedReply__Output as _moderation_v1_EmbedReply__Output } from './moderation/v1/EmbedReply';
import type { EmbedRequest as _moderation_v1_EmbedRequest, EmbedRequest__Output as _moderation_v1_EmbedRequest__Output } from './moderation/v1/EmbedRequest';
import type { EmbeddingVector as _moderation_v1_EmbeddingVector, EmbeddingVector__Output as _moderation_v1_EmbeddingVector__Output } from './moderation/v1/EmbeddingVector';
import type { HeldBackQuality as _moderation_v1_HeldBackQuality, HeldBackQuality__Output as _moderation_v1_HeldBackQuality__Output } from './moderation/v1/HeldBackQuality';
import type { HeldBackSource as _moderation_v1_HeldBackSource, HeldBackSource__Output as _moderation_v1_HeldBackSource__Output } from './moderation/v1/HeldBackSource';
import type { LabelCoverage as _moderation_v1_LabelCoverage, LabelCoverage__Output as _moderation_v1_LabelCoverage__Output } from './moderation/v1/LabelCoverage';
import type { LabelScore as _moderation_v1_LabelScore, LabelScore__Output as _moderation_v1_LabelScore__Output } from './moderation/v1/LabelScore';
import type { LanguageCoverage as _moderation_v1_LanguageCoverage, LanguageCoverage__Output as _moderation_v1_LanguageCoverage__Output } from './moderation/v1/LanguageCoverage';
import type { LanguageHeldBack as _moderation_v1_LanguageHeldBack, LanguageHeldBack__Output as _moderation_v1_LanguageHeldBack__Output } from './moderation/v1/LanguageHeldBack';
import type { LanguageSource as _moderation_v1_LanguageSource, LanguageSource__Output as _moderation_v1_LanguageSource__Output } from './moderation/v1/LanguageSource';
import type { ListModelsReply as _moderation_v1_ListModelsReply, ListModelsReply__Output as _moderation_v1_ListModelsReply__Output } from './moderation/v1/ListModelsReply';
import type { ListModelsRequest as _moderation_v1_ListModelsRequest, ListModelsRequest__Output as _moderation_v1_ListModelsRequest__Output } from './moderation/v1/ListModelsRequest';
import type { ModelInfo as _moderation_v1_ModelInfo, ModelInfo__Output as _moderation_v1_ModelInfo__Output } from './moderation/v1/ModelInfo';
import type { OperatingPointBasis as _moderation_v1_OperatingPointBasis, OperatingPointBasis__Output as _moderation_v1_OperatingPointBasis__Output } from './moderation/v1/OperatingPointBasis';
import type { OperatingPointFigures as _moderation_v1_OperatingPointFigures, OperatingPointFigures__Output as _moderation_v1_OperatingPointFigures__Output } from './moderation/v1/OperatingPointFigures';
import type { OperatingPoints as _moderation_v1_OperatingPoints, OperatingPoints__Output as _moderation_v1_OperatingPoints__Output } from './moderation/v1/OperatingPoints';
import type { ScoreTextReply as _moderation_v1_ScoreTextReply, ScoreTextReply__Output as _moderation_v1_ScoreTextReply__Output } from './moderation/v1/ScoreTextReply';
import type { ScoreTextRequest as _moderation_v1_ScoreTextRequest, ScoreTextRequest__Output as _moderation_v1_ScoreTextRequest__Output } from './moderation/v1/ScoreTextRequest';
import type { SignalOperatingPoints as _moderation_v1_SignalOperatingPoints, SignalOperatingPoints__Output as _moderation_v1_SignalOperatingPoints__Output } from './moderation/v1/SignalOperatingPoints';
import type { TextScore as _moderation_v1_TextScore, TextScore__Output as _moderation_v1_TextScore__Output } from './moderation/v1/TextScore';
import type { TextSpan as _moderation_v1_TextSpan, TextSpan__Output as _moderation_v1_TextSpan__Output } from './moderation/v1/TextSpan';
import type { TextToxicityClient as _moderation_v1_TextToxicityClient, TextToxicityDefinition as _moderation_v1_TextToxicityDefinition } from './moderation/v1/TextToxicity';
import type { VisionInferenceClient as _moderation_v1_VisionInferenceClient, VisionInferenceDefinition as _moderation_v1_VisionInferenceDefinition } from './moderation/v1/VisionInference';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      ClassCoverage: MessageTypeDefinition<_moderation_v1_ClassCoverage, _moderation_v1_ClassCoverage__Output>
      CoverageReply: MessageTypeDefinition<_moderation_v1_CoverageReply, _moderation_v1_CoverageReply__Output>
      CoverageRequest: MessageTypeDefinition<_moderation_v1_CoverageRequest, _moderation_v1_CoverageRequest__Output>
      EmbedReply: MessageTypeDefinition<_moderation_v1_EmbedReply, _moderation_v1_EmbedReply__Output>
      EmbedRequest: MessageTypeDefinition<_moderation_v1_EmbedRequest, _moderation_v1_EmbedRequest__Output>
      EmbeddingVector: MessageTypeDefinition<_moderation_v1_EmbeddingVector, _moderation_v1_EmbeddingVector__Output>
      HeldBackQuality: MessageTypeDefinition<_moderation_v1_HeldBackQuality, _moderation_v1_HeldBackQuality__Output>
      HeldBackSource: MessageTypeDefinition<_moderation_v1_HeldBackSource, _moderation_v1_HeldBackSource__Output>
      LabelCoverage: MessageTypeDefinition<_moderation_v1_LabelCoverage, _moderation_v1_LabelCoverage__Output>
      LabelScore: MessageTypeDefinition<_moderation_v1_LabelScore, _moderation_v1_LabelScore__Output>
      LanguageCoverage: MessageTypeDefinition<_moderation_v1_LanguageCoverage, _moderation_v1_LanguageCoverage__Output>
      LanguageHeldBack: MessageTypeDefinition<_moderation_v1_LanguageHeldBack, _moderation_v1_LanguageHeldBack__Output>
      LanguageSource: MessageTypeDefinition<_moderation_v1_LanguageSource, _moderation_v1_LanguageSource__Output>
      ListModelsReply: MessageTypeDefinition<_moderation_v1_ListModelsReply, _moderation_v1_ListModelsReply__Output>
      ListModelsRequest: MessageTypeDefinition<_moderation_v1_ListModelsRequest, _moderation_v1_ListModelsRequest__Output>
      ModelInfo: MessageTypeDefinition<_moderation_v1_ModelInfo, _moderation_v1_ModelInfo__Output>
      OperatingPointBasis: MessageTypeDefinition<_moderation_v1_OperatingPointBasis, _moderation_v1_OperatingPointBasis__Output>
      OperatingPointFigures: MessageTypeDefinition<_moderation_v1_OperatingPointFigures, _moderation_v1_OperatingPointFigures__Output>
      OperatingPoints: MessageTypeDefinition<_moderation_v1_OperatingPoints, _moderation_v1_OperatingPoints__Output>
      ScoreTextReply: MessageTypeDefinition<_moderation_v1_ScoreTextReply, _moderation_v1_ScoreTextReply__Output>
      ScoreTextRequest: MessageTypeDefinition<_moderation_v1_ScoreTextRequest, _moderation_v1_ScoreTextRequest__Output>
      SignalOperatingPoints: MessageTypeDefinition<_moderation_v1_SignalOperatingPoints, _moderation_v1_SignalOperatingPoints__Output>
      TextScore: MessageTypeDefinition<_moderation_v1_TextScore, _moderation_v1_TextScore__Output>
      TextSpan: MessageTypeDefinition<_moderation_v1_TextSpan, _moderation_v1_TextSpan__Output>
      TextToxicity: SubtypeConstructor<typeof grpc.Client, _moderation_v1_TextToxicityClient> & { service: _moderation_v1_TextToxicityDefinition }
      VisionInference: SubtypeConstructor<typeof grpc.Client, _moderation_v1_VisionInferenceClient> & { service: _moderation_v1_VisionInferenceDefinition }
    }
  }
}

