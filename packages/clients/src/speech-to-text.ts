// SpeechToText over gRPC: a 16 kHz mono WAV in, its transcript out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type SpeechToTextHandlers, type Transcript__Output } from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { callUnary, clientOptions, GRPC_MAX_MESSAGE_BYTES, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { SpeechToTextApi } from '@modsvc/common/contracts';

/** Transcription of a long clip takes a while on a CPU. */
const TRANSCRIBE_TIMEOUT_MS = 10 * 60_000;

export function speechToTextBinding(stt: SpeechToTextApi): GrpcBinding {
  const handlers: SpeechToTextHandlers = {
    Transcribe: unaryHandler(async (req) => {
      if (!req.wav?.length) throw new ApiError('invalid_request', 'wav is empty');
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'stt-'));
      try {
        const file = path.join(dir, 'in.wav');
        await fs.promises.writeFile(file, req.wav);
        const t = await stt.transcribe(file);
        return { text: t.text, segments: t.segments, recognizer: t.recognizer, speechSeconds: t.speechSeconds };
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    }),
  };
  return { name: 'moderation.v1.SpeechToText', definition: moderationGrpc().SpeechToText.service, handlers, callers: callersOf('moderation.v1.SpeechToText') };
}

export function speechToTextClient(address: string, auth: ServiceAuth | null): SpeechToTextApi {
  const client = new (moderationGrpc().SpeechToText)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async transcribe(wavPath) {
      const wav = await fs.promises.readFile(wavPath);
      if (wav.length > GRPC_MAX_MESSAGE_BYTES) throw new ApiError('payload_too_large', `the audio is over ${GRPC_MAX_MESSAGE_BYTES} bytes`);
      const r = await callUnary<Transcript__Output>((md, o, cb) => client.Transcribe({ wav }, md, o, cb), TRANSCRIBE_TIMEOUT_MS);
      return { text: r.text, segments: r.segments.map((s) => ({ start: s.start, end: s.end, text: s.text })), recognizer: r.recognizer, speechSeconds: r.speechSeconds };
    },
  };
}
