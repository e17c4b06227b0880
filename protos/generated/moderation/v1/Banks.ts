// Original file: moderation/v1/banks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddHashesRequest as _moderation_v1_AddHashesRequest, AddHashesRequest__Output as _moderation_v1_AddHashesRequest__Output } from '../../moderation/v1/AddHashesRequest';
import type { AddVideosRequest as _moderation_v1_AddVideosRequest, AddVideosRequest__Output as _moderation_v1_AddVideosRequest__Output } from '../../moderation/v1/AddVideosRequest';
import type { BankContentInfo as _moderation_v1_BankContentInfo, BankContentInfo__Output as _moderation_v1_BankContentInfo__Output } from '../../moderation/v1/BankContentInfo';
import type { BankContentList as _moderation_v1_BankContentList, BankContentList__Output as _moderation_v1_BankContentList__Output } from '../../moderation/v1/BankContentList';
import type { BankContentRef as _moderation_v1_BankContentRef, BankContentRef__Output as _moderation_v1_BankContentRef__Output } from '../../moderation/v1/BankContentRef';
import type { BankInfo as _moderation_v1_BankInfo, BankInfo__Output as _moderation_v1_BankInfo__Output } from '../../moderation/v1/BankInfo';
import type { BankList as _moderation_v1_BankList, BankList__Output as _moderation_v1_BankList__Output } from '../../moderation/v1/BankList';
import type { BankRef as _moderation_v1_BankRef, BankRef__Output as _moderation_v1_BankRef__Output } from '../../moderation/v1/BankRef';
import type { BanksOfTenant as _moderation_v1_BanksOfTenant, BanksOfTenant__Output as _moderation_v1_BanksOfTenant__Output } from '../../moderation/v1/BanksOfTenant';
import type { CreateBankRequest as _moderation_v1_CreateBankRequest, CreateBankRequest__Output as _moderation_v1_CreateBankRequest__Output } from '../../moderation/v1/CreateBankRequest';
import type { Deleted as _moderation_v1_Deleted, Deleted__Output as _moderation_v1_Deleted__Output } from '../../moderation/v1/Deleted';
import type { HashReply as _moderation_v1_HashReply, HashReply__Output as _moderation_v1_HashReply__Output } from '../../moderation/v1/HashReply';
import type { MediaRequest as _moderation_v1_MediaRequest, MediaRequest__Output as _moderation_v1_MediaRequest__Output } from '../../moderation/v1/MediaRequest';

export interface BanksClient extends grpc.Client {
  AddHashes(argument: _moderation_v1_AddHashesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  AddHashes(argument: _moderation_v1_AddHashesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  AddHashes(argument: _moderation_v1_AddHashesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  AddHashes(argument: _moderation_v1_AddHashesRequest, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addHashes(argument: _moderation_v1_AddHashesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addHashes(argument: _moderation_v1_AddHashesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addHashes(argument: _moderation_v1_AddHashesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addHashes(argument: _moderation_v1_AddHashesRequest, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  
  AddMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  AddMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  AddMedia(argument: _moderation_v1_MediaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  AddMedia(argument: _moderation_v1_MediaRequest, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  addMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  addMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  addMedia(argument: _moderation_v1_MediaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  addMedia(argument: _moderation_v1_MediaRequest, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  
  AddVideos(argument: _moderation_v1_AddVideosRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  AddVideos(argument: _moderation_v1_AddVideosRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  AddVideos(argument: _moderation_v1_AddVideosRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  AddVideos(argument: _moderation_v1_AddVideosRequest, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addVideos(argument: _moderation_v1_AddVideosRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addVideos(argument: _moderation_v1_AddVideosRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addVideos(argument: _moderation_v1_AddVideosRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  addVideos(argument: _moderation_v1_AddVideosRequest, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  
  CreateBank(argument: _moderation_v1_CreateBankRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  CreateBank(argument: _moderation_v1_CreateBankRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  CreateBank(argument: _moderation_v1_CreateBankRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  CreateBank(argument: _moderation_v1_CreateBankRequest, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  createBank(argument: _moderation_v1_CreateBankRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  createBank(argument: _moderation_v1_CreateBankRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  createBank(argument: _moderation_v1_CreateBankRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  createBank(argument: _moderation_v1_CreateBankRequest, callback: grpc.requestCallback<_moderation_v1_BankInfo__Output>): grpc.ClientUnaryCall;
  
  DeleteBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteBank(argument: _moderation_v1_BankRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteBank(argument: _moderation_v1_BankRef, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteBank(argument: _moderation_v1_BankRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteBank(argument: _moderation_v1_BankRef, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  
  DeleteContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteContent(argument: _moderation_v1_BankContentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  DeleteContent(argument: _moderation_v1_BankContentRef, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteContent(argument: _moderation_v1_BankContentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  deleteContent(argument: _moderation_v1_BankContentRef, callback: grpc.requestCallback<_moderation_v1_Deleted__Output>): grpc.ClientUnaryCall;
  
  ExportBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  ExportBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  ExportBank(argument: _moderation_v1_BankRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  ExportBank(argument: _moderation_v1_BankRef, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  exportBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  exportBank(argument: _moderation_v1_BankRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  exportBank(argument: _moderation_v1_BankRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  exportBank(argument: _moderation_v1_BankRef, callback: grpc.requestCallback<_moderation_v1_BankContentList__Output>): grpc.ClientUnaryCall;
  
  GetContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  GetContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  GetContent(argument: _moderation_v1_BankContentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  GetContent(argument: _moderation_v1_BankContentRef, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  getContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  getContent(argument: _moderation_v1_BankContentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  getContent(argument: _moderation_v1_BankContentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  getContent(argument: _moderation_v1_BankContentRef, callback: grpc.requestCallback<_moderation_v1_BankContentInfo__Output>): grpc.ClientUnaryCall;
  
  HashMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  HashMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  HashMedia(argument: _moderation_v1_MediaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  HashMedia(argument: _moderation_v1_MediaRequest, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  hashMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  hashMedia(argument: _moderation_v1_MediaRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  hashMedia(argument: _moderation_v1_MediaRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  hashMedia(argument: _moderation_v1_MediaRequest, callback: grpc.requestCallback<_moderation_v1_HashReply__Output>): grpc.ClientUnaryCall;
  
  ListBanks(argument: _moderation_v1_BanksOfTenant, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  ListBanks(argument: _moderation_v1_BanksOfTenant, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  ListBanks(argument: _moderation_v1_BanksOfTenant, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  ListBanks(argument: _moderation_v1_BanksOfTenant, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  listBanks(argument: _moderation_v1_BanksOfTenant, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  listBanks(argument: _moderation_v1_BanksOfTenant, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  listBanks(argument: _moderation_v1_BanksOfTenant, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  listBanks(argument: _moderation_v1_BanksOfTenant, callback: grpc.requestCallback<_moderation_v1_BankList__Output>): grpc.ClientUnaryCall;
  
}

export interface BanksHandlers extends grpc.UntypedServiceImplementation {
  AddHashes: grpc.handleUnaryCall<_moderation_v1_AddHashesRequest__Output, _moderation_v1_BankContentList>;
  
  AddMedia: grpc.handleUnaryCall<_moderation_v1_MediaRequest__Output, _moderation_v1_BankContentInfo>;
  
  AddVideos: grpc.handleUnaryCall<_moderation_v1_AddVideosRequest__Output, _moderation_v1_BankContentList>;
  
  CreateBank: grpc.handleUnaryCall<_moderation_v1_CreateBankRequest__Output, _moderation_v1_BankInfo>;
  
  DeleteBank: grpc.handleUnaryCall<_moderation_v1_BankRef__Output, _moderation_v1_Deleted>;
  
  DeleteContent: grpc.handleUnaryCall<_moderation_v1_BankContentRef__Output, _moderation_v1_Deleted>;
  
  ExportBank: grpc.handleUnaryCall<_moderation_v1_BankRef__Output, _moderation_v1_BankContentList>;
  
  GetContent: grpc.handleUnaryCall<_moderation_v1_BankContentRef__Output, _moderation_v1_BankContentInfo>;
  
  HashMedia: grpc.handleUnaryCall<_moderation_v1_MediaRequest__Output, _moderation_v1_HashReply>;
  
  ListBanks: grpc.handleUnaryCall<_moderation_v1_BanksOfTenant__Output, _moderation_v1_BankList>;
  
}

export interface BanksDefinition extends grpc.ServiceDefinition {
  AddHashes: MethodDefinition<_moderation_v1_AddHashesRequest, _moderation_v1_BankContentList, _moderation_v1_AddHashesRequest__Output, _moderation_v1_BankContentList__Output>
  AddMedia: MethodDefinition<_moderation_v1_MediaRequest, _moderation_v1_BankContentInfo, _moderation_v1_MediaRequest__Output, _moderation_v1_BankContentInfo__Output>
  AddVideos: MethodDefinition<_moderation_v1_AddVideosRequest, _moderation_v1_BankContentList, _moderation_v1_AddVideosRequest__Output, _moderation_v1_BankContentList__Output>
  CreateBank: MethodDefinition<_moderation_v1_CreateBankRequest, _moderation_v1_BankInfo, _moderation_v1_CreateBankRequest__Output, _moderation_v1_BankInfo__Output>
  DeleteBank: MethodDefinition<_moderation_v1_BankRef, _moderation_v1_Deleted, _moderation_v1_BankRef__Output, _moderation_v1_Deleted__Output>
  DeleteContent: MethodDefinition<_moderation_v1_BankContentRef, _moderation_v1_Deleted, _moderation_v1_BankContentRef__Output, _moderation_v1_Deleted__Output>
  ExportBank: MethodDefinition<_moderation_v1_BankRef, _moderation_v1_BankContentList, _moderation_v1_BankRef__Output, _moderation_v1_BankContentList__Output>
  GetContent: MethodDefinition<_moderation_v1_BankContentRef, _moderation_v1_BankContentInfo, _moderation_v1_BankContentRef__Output, _moderation_v1_BankContentInfo__Output>
  HashMedia: MethodDefinition<_moderation_v1_MediaRequest, _moderation_v1_HashReply, _moderation_v1_MediaRequest__Output, _moderation_v1_HashReply__Output>
  ListBanks: MethodDefinition<_moderation_v1_BanksOfTenant, _moderation_v1_BankList, _moderation_v1_BanksOfTenant__Output, _moderation_v1_BankList__Output>
}
