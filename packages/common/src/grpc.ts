// gRPC plumbing shared by every service: server with grpc.health.v1, typed clients, promisified calls.
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatusMap } from 'grpc-health-check';
import { context } from '@opentelemetry/api';
import { ApiError, toGrpcError } from './errors.ts';
import { extractTraceContext, injectTraceHeaders } from './tracing.ts';
import { SERVICE_AUTH_HEADER, type ServiceAuth } from './service-auth.ts';

export interface GrpcBinding {
  /** Fully qualified service name, e.g. moderation.v1.Ingest (used by the health service). */
  name: string;
  definition: grpc.ServiceDefinition;
  handlers: grpc.UntypedServiceImplementation;
}

export interface GrpcServer {
  port: number;
  setServing(serving: boolean): void;
  /** Graceful: stops accepting calls and waits for in-flight ones (forced after timeoutMs). */
  close(timeoutMs?: number): Promise<void>;
}

export const GRPC_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export interface GrpcServerOptions {
  host: string;
  port: number;
  /** Checks every call's service token (health checks excepted); null accepts unsigned calls. */
  auth: ServiceAuth | null;
}

/** Refuses a call whose service token is missing or invalid, before the handler sees it. */
function authenticated(handler: grpc.UntypedHandleCall, auth: ServiceAuth): grpc.UntypedHandleCall {
  const guarded = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
    const token = call.metadata.get(SERVICE_AUTH_HEADER)[0];
    const refused = auth.check(typeof token === 'string' ? token : undefined, call.getPath());
    if (refused) {
      callback(new ApiError('unauthorized', `internal call refused: ${refused}`).toGrpc());
      return;
    }
    (handler as (c: typeof call, cb: typeof callback) => void)(call, callback);
  };
  return guarded as grpc.UntypedHandleCall;
}

function guardHandlers(handlers: grpc.UntypedServiceImplementation, auth: ServiceAuth | null): grpc.UntypedServiceImplementation {
  if (!auth) return handlers;
  return Object.fromEntries(Object.entries(handlers).map(([name, h]) => [name, authenticated(h, auth)]));
}

export async function startGrpcServer(bindings: GrpcBinding[], { host, port, auth }: GrpcServerOptions): Promise<GrpcServer> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
  });
  const statusMap: ServingStatusMap = { '': 'NOT_SERVING' };
  for (const b of bindings) statusMap[b.name] = 'NOT_SERVING';
  const health = new HealthImplementation(statusMap);
  health.addToServer(server);
  for (const b of bindings) server.addService(b.definition, guardHandlers(b.handlers, auth));
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  const setServing = (serving: boolean) => {
    const s = serving ? 'SERVING' : 'NOT_SERVING';
    health.setStatus('', s);
    for (const b of bindings) health.setStatus(b.name, s);
  };
  setServing(true);
  return {
    port: bound,
    setServing,
    close: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        setServing(false);
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, timeoutMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

export const CLIENT_OPTIONS: grpc.ChannelOptions = {
  'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.service_config': JSON.stringify({
    methodConfig: [
      {
        name: [{}],
        retryPolicy: {
          maxAttempts: 4,
          initialBackoff: '0.2s',
          maxBackoff: '2s',
          backoffMultiplier: 2,
          retryableStatusCodes: ['UNAVAILABLE'],
        },
      },
    ],
  }),
};

/** Client options that sign every call with the service token (see service-auth.ts). */
export function clientOptions(auth: ServiceAuth | null): grpc.ChannelOptions & grpc.ClientOptions {
  if (!auth) return CLIENT_OPTIONS;
  const signing: grpc.Interceptor = (options, next) =>
    new grpc.InterceptingCall(next(options), {
      start(metadata, listener, nextStart) {
        metadata.set(SERVICE_AUTH_HEADER, auth.sign(options.method_definition.path));
        nextStart(metadata, listener);
      },
    });
  return { ...CLIENT_OPTIONS, interceptors: [signing] };
}

/** gRPC metadata carrying the active trace context. */
export function traceMetadata(): grpc.Metadata {
  const md = new grpc.Metadata();
  for (const [k, v] of Object.entries(injectTraceHeaders())) md.set(k, v);
  return md;
}

/** The trace context a caller sent in gRPC metadata. */
export function traceContextOf(md: grpc.Metadata) {
  const carrier: Record<string, string> = {};
  for (const [k, v] of Object.entries(md.getMap())) if (typeof v === 'string') carrier[k] = v;
  return extractTraceContext(carrier);
}

/**
 * Calls a unary method with a deadline and the trace context; gRPC errors become ApiErrors.
 * Usage: `callUnary<Reply__Output>((md, opts, cb) => client.Method(request, md, opts, cb))`.
 */
export function callUnary<Res>(
  invoke: (metadata: grpc.Metadata, opts: grpc.CallOptions, cb: grpc.requestCallback<Res>) => unknown,
  timeoutMs = 30_000,
): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    invoke(traceMetadata(), { deadline: Date.now() + timeoutMs }, (err, res) => {
      if (err) reject(ApiError.fromGrpc(err));
      else resolve(res as Res);
    });
  });
}

/** Wraps an async function as a unary gRPC handler; thrown ApiErrors keep their status. */
export function unaryHandler<Req, Res>(fn: (req: Req) => Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    context.with(traceContextOf(call.metadata), () => fn(call.request)).then(
      (res) => callback(null, res),
      (err) => callback(toGrpcError(err)),
    );
  };
}
