import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moderationGrpc, type SpeechToTextHandlers } from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import type { SpeechToTextApi } from '@modsvc/common/contracts';

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
  return { name: 'moderation.v1.SpeechToText', definition: moderationGrpc().SpeechToText.service, handlers };
}
