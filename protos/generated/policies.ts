import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DryRunPolicyReply as _moderation_v1_DryRunPolicyReply, DryRunPolicyReply__Output as _moderation_v1_DryRunPolicyReply__Output } from './moderation/v1/DryRunPolicyReply';
import type { DryRunPolicyRequest as _moderation_v1_DryRunPolicyRequest, DryRunPolicyRequest__Output as _moderation_v1_DryRunPolicyRequest__Output } from './moderation/v1/DryRunPolicyRequest';
import type { PoliciesClient as _moderation_v1_PoliciesClient, PoliciesDefinition as _moderation_v1_PoliciesDefinition } from './moderation/v1/Policies';
import type { PoliciesOfTenant as _moderation_v1_PoliciesOfTenant, PoliciesOfTenant__Output as _moderation_v1_PoliciesOfTenant__Output } from './moderation/v1/PoliciesOfTenant';
import type { PolicyVersionRef as _moderation_v1_PolicyVersionRef, PolicyVersionRef__Output as _moderation_v1_PolicyVersionRef__Output } from './moderation/v1/PolicyVersionRef';
import type { PolicyVersionReply as _moderation_v1_PolicyVersionReply, PolicyVersionReply__Output as _moderation_v1_PolicyVersionReply__Output } from './moderation/v1/PolicyVersionReply';
import type { PublishPolicyRequest as _moderation_v1_PublishPolicyRequest, PublishPolicyRequest__Output as _moderation_v1_PublishPolicyRequest__Output } from './moderation/v1/PublishPolicyRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      DryRunPolicyReply: MessageTypeDefinition<_moderation_v1_DryRunPolicyReply, _moderation_v1_DryRunPolicyReply__Output>
      DryRunPolicyRequest: MessageTypeDefinition<_moderation_v1_DryRunPolicyRequest, _moderation_v1_DryRunPolicyRequest__Output>
      Policies: SubtypeConstructor<typeof grpc.Client, _moderation_v1_PoliciesClient> & { service: _moderation_v1_PoliciesDefinition }
      PoliciesOfTenant: MessageTypeDefinition<_moderation_v1_PoliciesOfTenant, _moderation_v1_PoliciesOfTenant__Output>
      PolicyVersionRef: MessageTypeDefinition<_moderation_v1_PolicyVersionRef, _moderation_v1_PolicyVersionRef__Output>
      PolicyVersionReply: MessageTypeDefinition<_moderation_v1_PolicyVersionReply, _moderation_v1_PolicyVersionReply__Output>
      PublishPolicyRequest: MessageTypeDefinition<_moderation_v1_PublishPolicyRequest, _moderation_v1_PublishPolicyRequest__Output>
    }
  }
}

