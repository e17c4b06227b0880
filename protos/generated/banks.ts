import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddHashesRequest as _moderation_v1_AddHashesRequest, AddHashesRequest__Output as _moderation_v1_AddHashesRequest__Output } from './moderation/v1/AddHashesRequest';
import type { AddVideosRequest as _moderation_v1_AddVideosRequest, AddVideosRequest__Output as _moderation_v1_AddVideosRequest__Output } from './moderation/v1/AddVideosRequest';
import type { BankContentInfo as _moderation_v1_BankContentInfo, BankContentInfo__Output as _moderation_v1_BankContentInfo__Output } from './moderation/v1/BankContentInfo';
import type { BankContentList as _moderation_v1_BankContentList, BankContentList__Output as _moderation_v1_BankContentList__Output } from './moderation/v1/BankContentList';
import type { BankContentRef as _moderation_v1_BankContentRef, BankContentRef__Output as _moderation_v1_BankContentRef__Output } from './moderation/v1/BankContentRef';
import type { BankInfo as _moderation_v1_BankInfo, BankInfo__Output as _moderation_v1_BankInfo__Output } from './moderation/v1/BankInfo';
import type { BankList as _moderation_v1_BankList, BankList__Output as _moderation_v1_BankList__Output } from './moderation/v1/BankList';
import type { BankRef as _moderation_v1_BankRef, BankRef__Output as _moderation_v1_BankRef__Output } from './moderation/v1/BankRef';
import type { BankSpec as _moderation_v1_BankSpec, BankSpec__Output as _moderation_v1_BankSpec__Output } from './moderation/v1/BankSpec';
import type { BanksClient as _moderation_v1_BanksClient, BanksDefinition as _moderation_v1_BanksDefinition } from './moderation/v1/Banks';
import type { BanksOfTenant as _moderation_v1_BanksOfTenant, BanksOfTenant__Output as _moderation_v1_BanksOfTenant__Output } from './moderation/v1/BanksOfTenant';
import type { CreateBankRequest as _moderation_v1_CreateBankRequest, CreateBankRequest__Output as _moderation_v1_CreateBankRequest__Output } from './moderation/v1/CreateBankRequest';
import type { Deleted as _moderation_v1_Deleted, Deleted__Output as _moderation_v1_Deleted__Output } from './moderation/v1/Deleted';
import type { HashEntry as _moderation_v1_HashEntry, HashEntry__Output as _moderation_v1_HashEntry__Output } from './moderation/v1/HashEntry';
import type { HashReply as _moderation_v1_HashReply, HashReply__Output as _moderation_v1_HashReply__Output } from './moderation/v1/HashReply';
import type { MediaRequest as _moderation_v1_MediaRequest, MediaRequest__Output as _moderation_v1_MediaRequest__Output } from './moderation/v1/MediaRequest';
import type { VideoEntry as _moderation_v1_VideoEntry, VideoEntry__Output as _moderation_v1_VideoEntry__Output } from './moderation/v1/VideoEntry';
import type { VpdqFrame as _moderation_v1_VpdqFrame, VpdqFrame__Output as _moderation_v1_VpdqFrame__Output } from './moderation/v1/VpdqFrame';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      AddHashesRequest: MessageTypeDefinition<_moderation_v1_AddHashesRequest, _moderation_v1_AddHashesRequest__Output>
      AddVideosRequest: MessageTypeDefinition<_moderation_v1_AddVideosRequest, _moderation_v1_AddVideosRequest__Output>
      BankContentInfo: MessageTypeDefinition<_moderation_v1_BankContentInfo, _moderation_v1_BankContentInfo__Output>
      BankContentList: MessageTypeDefinition<_moderation_v1_BankContentList, _moderation_v1_BankContentList__Output>
      BankContentRef: MessageTypeDefinition<_moderation_v1_BankContentRef, _moderation_v1_BankContentRef__Output>
      BankInfo: MessageTypeDefinition<_moderation_v1_BankInfo, _moderation_v1_BankInfo__Output>
      BankList: MessageTypeDefinition<_moderation_v1_BankList, _moderation_v1_BankList__Output>
      BankRef: MessageTypeDefinition<_moderation_v1_BankRef, _moderation_v1_BankRef__Output>
      BankSpec: MessageTypeDefinition<_moderation_v1_BankSpec, _moderation_v1_BankSpec__Output>
      Banks: SubtypeConstructor<typeof grpc.Client, _moderation_v1_BanksClient> & { service: _moderation_v1_BanksDefinition }
      BanksOfTenant: MessageTypeDefinition<_moderation_v1_BanksOfTenant, _moderation_v1_BanksOfTenant__Output>
      CreateBankRequest: MessageTypeDefinition<_moderation_v1_CreateBankRequest, _moderation_v1_CreateBankRequest__Output>
      Deleted: MessageTypeDefinition<_moderation_v1_Deleted, _moderation_v1_Deleted__Output>
      HashEntry: MessageTypeDefinition<_moderation_v1_HashEntry, _moderation_v1_HashEntry__Output>
      HashReply: MessageTypeDefinition<_moderation_v1_HashReply, _moderation_v1_HashReply__Output>
      MediaRequest: MessageTypeDefinition<_moderation_v1_MediaRequest, _moderation_v1_MediaRequest__Output>
      VideoEntry: MessageTypeDefinition<_moderation_v1_VideoEntry, _moderation_v1_VideoEntry__Output>
      VpdqFrame: MessageTypeDefinition<_moderation_v1_VpdqFrame, _moderation_v1_VpdqFrame__Output>
    }
  }
}

