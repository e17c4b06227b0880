// gRPC plumbing shared by every service: server with grpc.health.v1, typed clients, promisified calls.
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatusMap } from 'grpc-health-check';
import { context } from '@opentelemetry/api';
import { ApiError, toGrpcError } from './errors.ts';
import { extractTraceContext, injectTraceHeaders } from './tracing.ts';
import { SERVICE_AUTH_HEADER, SeenTokenIds, bodyDigest, type ServiceAuth } from './service-auth.ts';
import type { ServiceName } from './config.ts';

/** Which services may call each method of a gRPC service (by method name, e.g. GetJob); a method not listed takes no calls. */
export type MethodCallers = Readonly<Record<string, readonly ServiceName[]>>;

export interface GrpcBinding {
  /** Fully qualified service name, e.g. moderation.v1.Ingest (used by the health service). */
  name: string;
  definition: grpc.ServiceDefinition;
  handlers: grpc.UntypedServiceImplementation;
  /** Its methods' allow-lists (one table for all services: packages/clients/src/callers.ts), checked when calls are signed. */
  callers: MethodCallers;
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
  /** Checks every call's service token and caller (health checks excepted); null accepts unsigned calls. */
  auth: ServiceAuth | null;
}

const EMPTY = new Uint8Array(0);
const EMPTY_STREAM = new ApiError('invalid_request', 'internal call refused: a streaming call must send at least one message');

/**
 * The bytes of each request message a guarded server received, as its deserializer got them off the
 * wire (after decompression): the token must have signed exactly these bytes. They are kept, not
 * hashed, here: of a stream only the first message is digested (see admit), not every chunk.
 */
const receivedBytes = new WeakMap<object, Buffer>();

function recordingDefinition(definition: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const methods = Object.entries(definition).map(([name, method]) => {
    const requestDeserialize = (bytes: Buffer) => {
      const message: unknown = method.requestDeserialize(bytes);
      if (typeof message === 'object' && message !== null) receivedBytes.set(message, bytes);
      return message;
    };
    return [name, { ...method, requestDeserialize }];
  });
  return Object.fromEntries(methods) as grpc.ServiceDefinition;
}

interface Gate {
  auth: ServiceAuth;
  seen: SeenTokenIds;
  callers: MethodCallers;
}

/**
 * The refusal of a call, or the id of its accepted token. The token must be valid for the method and the
 * request message (`first`: the only message of a unary or server-streaming call, the first message of a
 * client-streaming or bidi call; undefined for a stream that ended without any); the caller must be on
 * the method's allow-list; and the token must not have been accepted before.
 */
function admit(gate: Gate, method: string, path: string, metadata: grpc.Metadata, first: unknown): { refused: ApiError } | { tokenId: string } {
  const token = metadata.get(SERVICE_AUTH_HEADER)[0];
  const bytes = first === undefined ? EMPTY : typeof first === 'object' && first !== null ? receivedBytes.get(first) : undefined;
  if (!bytes) return { refused: new ApiError('unauthorized', 'internal call refused: the request message could not be digested') };
  const digest = bodyDigest(bytes);
  const verdict = gate.auth.check(typeof token === 'string' ? token : undefined, path, digest);
  if (!verdict.ok) return { refused: new ApiError('unauthorized', `internal call refused: ${verdict.reason}`) };
  if (!(gate.callers[method] ?? []).includes(verdict.caller as ServiceName)) {
    return { refused: new ApiError('forbidden', `internal call refused: ${verdict.caller} may not call ${path} (not on its allow-list)`) };
  }
  if (!gate.seen.claim(verdict.id, verdict.expiresAtMs)) return { refused: new ApiError('unauthorized', `internal call refused: service token already used (a replayed call to ${path})`) };
  return { tokenId: verdict.id };
}

/** A call answered UNAVAILABLE is sent again, token and all, by the client's retry policy: its token id is given back. */
function releasingOnUnavailable(gate: Gate, tokenId: string, callback: grpc.sendUnaryData<unknown>): grpc.sendUnaryData<unknown> {
  return (err, ...rest) => {
    if (err && 'code' in err && err.code === grpc.status.UNAVAILABLE) gate.seen.release(tokenId);
    callback(err, ...rest);
  };
}

/**
 * Calls `then` with the first message of a client-streaming or bidi call (undefined when the stream ends
 * with none) before the handler reads anything; the message is put back at the head of the stream.
 */
function withFirstMessage(call: grpc.ServerReadableStream<unknown, unknown> | grpc.ServerDuplexStream<unknown, unknown>, then: (first: unknown) => void) {
  let done = false;
  const finish = (first: unknown) => {
    if (done) return;
    done = true;
    call.off('readable', onReadable);
    call.off('end', onEnd);
    then(first);
  };
  const onReadable = () => {
    const message: unknown = call.read();
    if (message !== null) finish(message);
  };
  const onEnd = () => finish(undefined);
  call.on('readable', onReadable);
  call.once('end', onEnd);
}

/**
 * Refuses a call whose service token is missing or invalid (UNAUTHENTICATED), or whose caller may not
 * call the method (PERMISSION_DENIED), before the handler sees it. Unary and server-streaming calls are
 * checked against their request message. Streaming requests are checked against their first message
 * (for SubmitUpload: the header with the job's options, not the file's chunks), which the handler only
 * gets once it passed: the token is sent with the call's headers, before any later message exists. A
 * stream that ends without a message is refused (there is nothing for its handler to read).
 */
function authenticated(handler: grpc.UntypedHandleCall, method: string, def: grpc.MethodDefinition<unknown, unknown>, gate: Gate): grpc.UntypedHandleCall {
  const path = def.path;
  const invoke = handler as (...args: unknown[]) => void;
  if (!def.requestStream) {
    if (!def.responseStream) {
      return ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const verdict = admit(gate, method, path, call.metadata, call.request);
        if ('refused' in verdict) callback(verdict.refused.toGrpc());
        else invoke(call, releasingOnUnavailable(gate, verdict.tokenId, callback));
      }) as grpc.UntypedHandleCall;
    }
    return ((call: grpc.ServerWritableStream<unknown, unknown>) => {
      const verdict = admit(gate, method, path, call.metadata, call.request);
      if ('refused' in verdict) call.emit('error', verdict.refused.toGrpc());
      else invoke(call);
    }) as grpc.UntypedHandleCall;
  }
  if (!def.responseStream) {
    return ((call: grpc.ServerReadableStream<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      withFirstMessage(call, (first) => {
        const verdict = admit(gate, method, path, call.metadata, first);
        if ('refused' in verdict) callback(verdict.refused.toGrpc());
        else if (first === undefined) callback(EMPTY_STREAM.toGrpc());
        else {
          call.unshift(first);
          invoke(call, releasingOnUnavailable(gate, verdict.tokenId, callback));
        }
      });
    }) as grpc.UntypedHandleCall;
  }
  return ((call: grpc.ServerDuplexStream<unknown, unknown>) => {
    withFirstMessage(call, (first) => {
      const verdict = admit(gate, method, path, call.metadata, first);
      if ('refused' in verdict) call.emit('error', verdict.refused.toGrpc());
      else if (first === undefined) call.emit('error', EMPTY_STREAM.toGrpc());
      else {
        call.unshift(first);
        invoke(call);
      }
    });
  }) as grpc.UntypedHandleCall;
}

/** The binding as served: as is without auth; with auth, every method guarded and its request messages' bytes kept for the check. */
function guarded(binding: GrpcBinding, auth: ServiceAuth | null, seen: SeenTokenIds): { definition: grpc.ServiceDefinition; handlers: grpc.UntypedServiceImplementation } {
  if (!auth) return binding;
  const gate: Gate = { auth, seen, callers: binding.callers };
  const handlers = Object.fromEntries(
    Object.entries(binding.handlers).map(([method, h]) => {
      const def = binding.definition[method];
      if (!def) throw new Error(`${binding.name} has a handler for ${method}, which its definition lacks`);
      return [method, authenticated(h, method, def as grpc.MethodDefinition<unknown, unknown>, gate)];
    }),
  );
  return { definition: recordingDefinition(binding.definition), handlers };
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
  const seen = new SeenTokenIds();
  for (const b of bindings) {
    const served = guarded(b, auth, seen);
    server.addService(served.definition, served.handlers);
  }
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

/**
 * Client options that sign every call with the service token (see service-auth.ts). The call's headers
 * are held back until its first message (or its half-close, or cancel, when it has none), so that the
 * token can sign that message's digest. The digest is taken over `requestSerialize(message)`: the same
 * serializer, on the same object, that grpc-js runs right after this interceptor to produce the bytes it
 * writes (protobufjs encoding is deterministic), so it is the digest of the wire bytes the server
 * digests on receipt. grpc-js gives an interceptor the message object, not those bytes, hence the
 * second serialization (of the first message only: a stream's later messages are not signed).
 */
export function clientOptions(auth: ServiceAuth | null): grpc.ChannelOptions & grpc.ClientOptions {
  if (!auth) return CLIENT_OPTIONS;
  const signing: grpc.Interceptor = (options, next) => {
    const { path, requestSerialize } = options.method_definition;
    type Start = Parameters<NonNullable<grpc.Requester['start']>>;
    let held: { metadata: Start[0]; listener: Start[1]; start: Start[2] } | null = null;
    const startSigned = (bytes: Uint8Array) => {
      if (!held) return;
      const { metadata, listener, start } = held;
      held = null;
      metadata.set(SERVICE_AUTH_HEADER, auth.sign(path, bodyDigest(bytes)));
      start(metadata, listener);
    };
    return new grpc.InterceptingCall(next(options), {
      start(metadata, listener, nextStart) {
        held = { metadata, listener, start: nextStart };
      },
      sendMessage(message, nextSend) {
        if (held) startSigned(requestSerialize(message));
        nextSend(message);
      },
      halfClose(nextHalfClose) {
        startSigned(EMPTY);
        nextHalfClose();
      },
      cancel(nextCancel) {
        startSigned(EMPTY);
        nextCancel();
      },
    });
  };
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
