// What a service is to the processes that run it: one module with a settings schema and a start().
// `runStandalone` (host.ts) runs one module in its own process with gRPC peers; all-in-one runs every
// module in one process with in-process peers. Both go through `launchModule`, so wiring, scheduled
// work and shutdown are written once.
import type { z } from 'zod';
import type { Consumer } from './bus/types.ts';
import type { ServiceName } from './config.ts';
import type { GrpcBinding } from './grpc.ts';
import type { BanksApi, DeliveriesApi, IngestApi, ModelsApi, ModeratorApi, PoliciesApi, SpeechToTextApi, TextToxicityApi } from './contracts.ts';
import type { EdgeRuntime, Runtime } from './runtime.ts';

/** The APIs services offer each other, by the name a caller asks for. */
export interface Peers {
  ingest: IngestApi;
  textToxicity: TextToxicityApi;
  speechToText: SpeechToTextApi;
  models: ModelsApi;
  moderator: ModeratorApi;
  deliveries: DeliveriesApi;
  banks: BanksApi;
  policies: PoliciesApi;
}
export type PeerName = keyof Peers;

/** Work the host runs on a schedule, the same in both run modes. */
export interface ScheduledTask {
  name: string;
  /** Run once right after start. */
  atStart: boolean;
  /** Then every so often (null: never again). */
  everyMs: number | null;
  run(): Promise<void>;
}

export interface StartedService {
  /** The APIs this service offers: in-process peers in all-in-one, served over gRPC when alone. */
  provides?: Partial<Peers>;
  /** Extra gRPC services beyond those of `provides` (rare). */
  bindings?: GrpcBinding[];
  consumers?: Consumer[];
  tasks?: ScheduledTask[];
  /** Where its HTTP API listens, if it has one (the gateway). */
  url?: string;
  /** Clean-up after consumers stopped (close models, servers...). */
  stop?(): Promise<void>;
}

interface ModuleBase<S extends z.ZodObject, N extends PeerName> {
  name: ServiceName;
  /** The service's own settings (environment variable names), parsed once at boot. */
  settingsSchema: S;
  /** The peers it calls. */
  needs: readonly N[];
}

/** A pipeline service: it has the bus, the job store and the media store. */
export interface StageModule<S extends z.ZodObject = z.ZodObject, N extends PeerName = PeerName> extends ModuleBase<S, N> {
  kind: 'stage';
  start(rt: Runtime, peers: Pick<Peers, N>, settings: z.infer<S>): Promise<StartedService>;
}

/** The REST edge: no bus or store, only peers. */
export interface EdgeModule<S extends z.ZodObject = z.ZodObject, N extends PeerName = PeerName> extends ModuleBase<S, N> {
  kind: 'edge';
  start(rt: EdgeRuntime, peers: Pick<Peers, N>, settings: z.infer<S>): Promise<StartedService>;
}

export type ServiceModule = StageModule<z.ZodObject, PeerName> | EdgeModule<z.ZodObject, PeerName>;

/** Declares a module with its types checked (peers narrowed to those it needs). */
export function defineStage<S extends z.ZodObject, N extends PeerName>(m: Omit<StageModule<S, N>, 'kind'>): ServiceModule {
  return { ...m, kind: 'stage' } as unknown as ServiceModule;
}

export function defineEdge<S extends z.ZodObject, N extends PeerName>(m: Omit<EdgeModule<S, N>, 'kind'>): ServiceModule {
  return { ...m, kind: 'edge' } as unknown as ServiceModule;
}
