// Shared by MemoryBus and JetStreamBus: payloads go through protobuf in both, so a payload that the
// JetStream bus would reject is rejected in memory as well, and handlers always receive the decoded
// (defaults filled, fresh) object rather than the publisher's reference.
import { protoRoot } from '@modsvc/protos';
import { SUBJECTS, type Subject, type SubjectPayload } from './types.ts';

type MessageType = ReturnType<ReturnType<typeof protoRoot>['lookupType']>;

const types = new Map<Subject, MessageType>();

export function isSubject(subject: string): subject is Subject {
  return Object.prototype.hasOwnProperty.call(SUBJECTS, subject);
}

function messageType(subject: Subject): MessageType {
  let t = types.get(subject);
  if (!t) {
    if (!isSubject(subject)) throw new TypeError(`unknown bus subject ${String(subject)}`);
    t = protoRoot().lookupType(SUBJECTS[subject]);
    types.set(subject, t);
  }
  return t;
}

/** Validates and encodes a payload; throws TypeError when it does not fit the subject's message. */
export function encodePayload<S extends Subject>(subject: S, payload: SubjectPayload[S]): Uint8Array {
  const T = messageType(subject);
  if (payload === null || typeof payload !== 'object') {
    throw new TypeError(`invalid ${SUBJECTS[subject]} payload for ${subject}: not an object`);
  }
  const problem = T.verify(payload as unknown as Record<string, unknown>);
  if (problem) throw new TypeError(`invalid ${SUBJECTS[subject]} payload for ${subject}: ${problem}`);
  return T.encode(T.fromObject(payload as unknown as Record<string, unknown>)).finish();
}

export function decodePayload<S extends Subject>(subject: S, bytes: Uint8Array): SubjectPayload[S] {
  const T = messageType(subject);
  return T.toObject(T.decode(bytes), {
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  }) as unknown as SubjectPayload[S];
}

/** Delay used by nak() without an argument and after a handler throws: 1 s, 2 s, 4 s ... capped at 30 s. */
export function defaultRedeliveryDelayMs(deliveryCount: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, deliveryCount - 1));
}

/** JetStream's duplicate window, used by both buses. */
export const DUPLICATE_WINDOW_MS = 120_000;
export const DEFAULT_ACK_WAIT_MS = 60_000;
