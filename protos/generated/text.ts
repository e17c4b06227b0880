import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CoverageReply as _moderation_v1_CoverageReply, CoverageReply__Output as _moderation_v1_CoverageReply__Output } from './moderation/v1/CoverageReply';
import type { CoverageRequest as _moderation_v1_CoverageRequest, CoverageRequest__Output as _moderation_v1_CoverageRequest__Output } from './moderation/v1/CoverageRequest';
import type { LabelCoverage as _moderation_v1_LabelCoverage, LabelCoverage__Output as _moderation_v1_LabelCoverage__Output } from './moderation/v1/LabelCoverage';
import type { LabelScore as _moderation_v1_LabelScore, LabelScore__Output as _moderation_v1_LabelScore__Output } from './moderation/v1/LabelScore';
import type { LanguageCoverage as _moderation_v1_LanguageCoverage, LanguageCoverage__Output as _moderation_v1_LanguageCoverage__Output } from './moderation/v1/LanguageCoverage';
import type { LanguageHeldBack as _moderation_v1_LanguageHeldBack, LanguageHeldBack__Output as _moderation_v1_LanguageHeldBack__Output } from './moderation/v1/LanguageHeldBack';
import type { LanguageSource as _moderation_v1_LanguageSource, LanguageSource__Output as _moderation_v1_LanguageSource__Output } from './moderation/v1/LanguageSource';
import type { OperatingPointBasis as _moderation_v1_OperatingPointBasis, OperatingPointBasis__Output as _moderation_v1_OperatingPointBasis__Output } from './moderation/v1/OperatingPointBasis';
import type { OperatingPointFigures as _moderation_v1_OperatingPointFigures, OperatingPointFigures__Output as _moderation_v1_OperatingPointFigures__Output } from './moderation/v1/OperatingPointFigures';
import type { OperatingPoints as _moderation_v1_OperatingPoints, OperatingPoints__Output as _moderation_v1_OperatingPoints__Output } from './moderation/v1/OperatingPoints';
import type { ScoreTextReply as _moderation_v1_ScoreTextReply, ScoreTextReply__Output as _moderation_v1_ScoreTextReply__Output } from './moderation/v1/ScoreTextReply';
import type { ScoreTextRequest as _moderation_v1_ScoreTextRequest, ScoreTextRequest__Output as _moderation_v1_ScoreTextRequest__Output } from './moderation/v1/ScoreTextRequest';
import type { SignalOperatingPoints as _moderation_v1_SignalOperatingPoints, SignalOperatingPoints__Output as _moderation_v1_SignalOperatingPoints__Output } from './moderation/v1/SignalOperatingPoints';
import type { TextScore as _moderation_v1_TextScore, TextScore__Output as _moderation_v1_TextScore__Output } from './moderation/v1/TextScore';
import type { TextSpan as _moderation_v1_TextSpan, TextSpan__Output as _moderation_v1_TextSpan__Output } from './moderation/v1/TextSpan';
import type { TextToxicityClient as _moderation_v1_TextToxicityClient, TextToxicityDefinition as _moderation_v1_TextToxicityDefinition } from './moderation/v1/TextToxicity';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      CoverageReply: MessageTypeDefinition<_moderation_v1_CoverageReply, _moderation_v1_CoverageReply__Output>
      CoverageRequest: MessageTypeDefinition<_moderation_v1_CoverageRequest, _moderation_v1_CoverageRequest__Output>
      LabelCoverage: MessageTypeDefinition<_moderation_v1_LabelCoverage, _moderation_v1_LabelCoverage__Output>
      LabelScore: MessageTypeDefinition<_moderation_v1_LabelScore, _moderation_v1_LabelScore__Output>
      LanguageCoverage: MessageTypeDefinition<_moderation_v1_LanguageCoverage, _moderation_v1_LanguageCoverage__Output>
      LanguageHeldBack: MessageTypeDefinition<_moderation_v1_LanguageHeldBack, _moderation_v1_LanguageHeldBack__Output>
      LanguageSource: MessageTypeDefinition<_moderation_v1_LanguageSource, _moderation_v1_LanguageSource__Output>
      OperatingPointBasis: MessageTypeDefinition<_moderation_v1_OperatingPointBasis, _moderation_v1_OperatingPointBasis__Output>
      OperatingPointFigures: MessageTypeDefinition<_moderation_v1_OperatingPointFigures, _moderation_v1_OperatingPointFigures__Output>
      OperatingPoints: MessageTypeDefinition<_moderation_v1_OperatingPoints, _moderation_v1_OperatingPoints__Output>
      ScoreTextReply: MessageTypeDefinition<_moderation_v1_ScoreTextReply, _moderation_v1_ScoreTextReply__Output>
      ScoreTextRequest: MessageTypeDefinition<_moderation_v1_ScoreTextRequest, _moderation_v1_ScoreTextRequest__Output>
      SignalOperatingPoints: MessageTypeDefinition<_moderation_v1_SignalOperatingPoints, _moderation_v1_SignalOperatingPoints__Output>
      TextScore: MessageTypeDefinition<_moderation_v1_TextScore, _moderation_v1_TextScore__Output>
      TextSpan: MessageTypeDefinition<_moderation_v1_TextSpan, _moderation_v1_TextSpan__Output>
      TextToxicity: SubtypeConstructor<typeof grpc.Client, _moderation_v1_TextToxicityClient> & { service: _moderation_v1_TextToxicityDefinition }
    }
  }
}

