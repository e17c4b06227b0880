// Original file: moderation/v1/policies.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DryRunPolicyReply as _moderation_v1_DryRunPolicyReply, DryRunPolicyReply__Output as _moderation_v1_DryRunPolicyReply__Output } from '../../moderation/v1/DryRunPolicyReply';
import type { DryRunPolicyRequest as _moderation_v1_DryRunPolicyRequest, DryRunPolicyRequest__Output as _moderation_v1_DryRunPolicyRequest__Output } from '../../moderation/v1/DryRunPolicyRequest';
import type { PoliciesOfTenant as _moderation_v1_PoliciesOfTenant, PoliciesOfTenant__Output as _moderation_v1_PoliciesOfTenant__Output } from '../../moderation/v1/PoliciesOfTenant';
import type { PolicyVersionRef as _moderation_v1_PolicyVersionRef, PolicyVersionRef__Output as _moderation_v1_PolicyVersionRef__Output } from '../../moderation/v1/PolicyVersionRef';
import type { PolicyVersionReply as _moderation_v1_PolicyVersionReply, PolicyVersionReply__Output as _moderation_v1_PolicyVersionReply__Output } from '../../moderation/v1/PolicyVersionReply';
import type { PublishPolicyRequest as _moderation_v1_PublishPolicyRequest, PublishPolicyRequest__Output as _moderation_v1_PublishPolicyRequest__Output } from '../../moderation/v1/PublishPolicyRequest';

export interface PoliciesClient extends grpc.Client {
  ActivePolicy(argument: _moderation_v1_PoliciesOfTenant, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  ActivePolicy(argument: _moderation_v1_PoliciesOfTenant, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  ActivePolicy(argument: _moderation_v1_PoliciesOfTenant, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  ActivePolicy(argument: _moderation_v1_PoliciesOfTenant, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  activePolicy(argument: _moderation_v1_PoliciesOfTenant, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  activePolicy(argument: _moderation_v1_PoliciesOfTenant, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  activePolicy(argument: _moderation_v1_PoliciesOfTenant, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  activePolicy(argument: _moderation_v1_PoliciesOfTenant, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  
  DryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  DryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  DryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  DryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  dryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  dryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  dryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  dryRunPolicy(argument: _moderation_v1_DryRunPolicyRequest, callback: grpc.requestCallback<_moderation_v1_DryRunPolicyReply__Output>): grpc.ClientUnaryCall;
  
  GetPolicyVersion(argument: _moderation_v1_PolicyVersionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  GetPolicyVersion(argument: _moderation_v1_PolicyVersionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  GetPolicyVersion(argument: _moderation_v1_PolicyVersionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  GetPolicyVersion(argument: _moderation_v1_PolicyVersionRef, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  getPolicyVersion(argument: _moderation_v1_PolicyVersionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  getPolicyVersion(argument: _moderation_v1_PolicyVersionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  getPolicyVersion(argument: _moderation_v1_PolicyVersionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  getPolicyVersion(argument: _moderation_v1_PolicyVersionRef, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  
  PublishPolicy(argument: _moderation_v1_PublishPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  PublishPolicy(argument: _moderation_v1_PublishPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  PublishPolicy(argument: _moderation_v1_PublishPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  PublishPolicy(argument: _moderation_v1_PublishPolicyRequest, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  publishPolicy(argument: _moderation_v1_PublishPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  publishPolicy(argument: _moderation_v1_PublishPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  publishPolicy(argument: _moderation_v1_PublishPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  publishPolicy(argument: _moderation_v1_PublishPolicyRequest, callback: grpc.requestCallback<_moderation_v1_PolicyVersionReply__Output>): grpc.ClientUnaryCall;
  
}

export interface PoliciesHandlers extends grpc.UntypedServiceImplementation {
  ActivePolicy: grpc.handleUnaryCall<_moderation_v1_PoliciesOfTenant__Output, _moderation_v1_PolicyVersionReply>;
  
  DryRunPolicy: grpc.handleUnaryCall<_moderation_v1_DryRunPolicyRequest__Output, _moderation_v1_DryRunPolicyReply>;
  
  GetPolicyVersion: grpc.handleUnaryCall<_moderation_v1_PolicyVersionRef__Output, _moderation_v1_PolicyVersionReply>;
  
  PublishPolicy: grpc.handleUnaryCall<_moderation_v1_PublishPolicyRequest__Output, _moderation_v1_PolicyVersionReply>;
  
}

export interface PoliciesDefinition extends grpc.ServiceDefinition {
  ActivePolicy: MethodDefinition<_moderation_v1_PoliciesOfTenant, _moderation_v1_PolicyVersionReply, _moderation_v1_PoliciesOfTenant__Output, _moderation_v1_PolicyVersionReply__Output>
  DryRunPolicy: MethodDefinition<_moderation_v1_DryRunPolicyRequest, _moderation_v1_DryRunPolicyReply, _moderation_v1_DryRunPolicyRequest__Output, _moderation_v1_DryRunPolicyReply__Output>
  GetPolicyVersion: MethodDefinition<_moderation_v1_PolicyVersionRef, _moderation_v1_PolicyVersionReply, _moderation_v1_PolicyVersionRef__Output, _moderation_v1_PolicyVersionReply__Output>
  PublishPolicy: MethodDefinition<_moderation_v1_PublishPolicyRequest, _moderation_v1_PolicyVersionReply, _moderation_v1_PublishPolicyRequest__Output, _moderation_v1_PolicyVersionReply__Output>
}
