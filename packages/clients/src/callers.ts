// Who may call what over internal gRPC: for every method of every service, the services allowed to call
// it. This is the call graph of the code (each module's `needs`, and the peer methods it calls), written
// once; each binding serves its service's lists, and a server that checks service tokens refuses any
// other caller with PERMISSION_DENIED (packages/common/src/grpc.ts). A method with no caller takes no
// calls. A new method fails to compile until it is listed here; a new peer call fails at run time (in
// the distributed tests) until its caller is added.
import type { ServiceName } from '@modsvc/common/config';
import type { MethodCallers } from '@modsvc/common/grpc';
import type { PeerName } from '@modsvc/common/service-module';
import type {
  BanksHandlers,
  IngestHandlers,
  ModeratorHandlers,
  PoliciesHandlers,
  SpeechToTextHandlers,
  TextToxicityHandlers,
  VisionInferenceHandlers,
  WebhookDispatcherHandlers,
} from '@modsvc/protos';

/** The internal gRPC services, by fully qualified name, with their (generated) handler types. */
interface GrpcServices {
  'moderation.v1.Ingest': IngestHandlers;
  'moderation.v1.Banks': BanksHandlers;
  'moderation.v1.Moderator': ModeratorHandlers;
  'moderation.v1.VisionInference': VisionInferenceHandlers;
  'moderation.v1.TextToxicity': TextToxicityHandlers;
  'moderation.v1.SpeechToText': SpeechToTextHandlers;
  'moderation.v1.WebhookDispatcher': WebhookDispatcherHandlers;
  'moderation.v1.Policies': PoliciesHandlers;
}
export type GrpcServiceName = keyof GrpcServices;

/** The methods a service declares (the generated handler types also carry a string index signature). */
type MethodsOf<H> = keyof { [K in keyof H as string extends K ? never : K]: H[K] };

/** Every method of the service, each with the services allowed to call it. */
type CallersOf<H> = { readonly [M in MethodsOf<H>]: readonly ServiceName[] };

const gateway = ['gateway'] as const;

export const ALLOWED_CALLERS = {
  // The REST edge submits and reads jobs.
  'moderation.v1.Ingest': { SubmitUpload: gateway, SubmitUrl: gateway, GetJob: gateway },
  'moderation.v1.Banks': {
    CreateBank: gateway,
    ListBanks: gateway,
    DeleteBank: gateway,
    AddHashes: gateway,
    AddMedia: gateway,
    AddVideos: gateway,
    GetContent: gateway,
    DeleteContent: gateway,
    ExportBank: gateway,
    HashMedia: gateway,
  },
  'moderation.v1.Moderator': {
    Moderate: gateway,
    GetModeration: gateway,
    Appeal: gateway,
    ReviewQueue: gateway,
    ReviewStats: gateway,
    GetReviewItem: gateway,
    Claim: gateway,
    Release: gateway,
    Decide: gateway,
    GetReviewFrame: gateway,
    Feedback: gateway,
    ListAudit: gateway,
  },
  // GET /models on the gateway; policy-scorer embeds a policy's example images when one is published.
  'moderation.v1.VisionInference': { ListModels: gateway, Embed: ['policy-scorer'] },
  // OCR text (vision-inference) and transcripts (speech-to-text); vision-inference adds the caption
  // labels' coverage to its models report.
  'moderation.v1.TextToxicity': { Score: ['vision-inference', 'speech-to-text'], Coverage: ['vision-inference'] },
  // speech-to-text transcribes the audio tracks it takes from the bus: no service calls it over gRPC.
  'moderation.v1.SpeechToText': { Transcribe: [] },
  'moderation.v1.WebhookDispatcher': { ListDeliveries: gateway, Redeliver: gateway },
  'moderation.v1.Policies': { ActivePolicy: gateway, PublishPolicy: gateway, GetPolicyVersion: gateway, DryRunPolicy: gateway },
} as const satisfies { readonly [S in GrpcServiceName]: CallersOf<GrpcServices[S]> };

/** The allow-lists of one service's methods, as its binding serves them. */
export function callersOf(service: GrpcServiceName): MethodCallers {
  return ALLOWED_CALLERS[service];
}

/** The gRPC service behind each peer API (what a module's `needs` reach over gRPC). */
export const PEER_SERVICES: { readonly [P in PeerName]: GrpcServiceName } = {
  ingest: 'moderation.v1.Ingest',
  banks: 'moderation.v1.Banks',
  moderator: 'moderation.v1.Moderator',
  models: 'moderation.v1.VisionInference',
  textToxicity: 'moderation.v1.TextToxicity',
  speechToText: 'moderation.v1.SpeechToText',
  deliveries: 'moderation.v1.WebhookDispatcher',
  policies: 'moderation.v1.Policies',
};
