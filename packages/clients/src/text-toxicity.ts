// TextToxicity over gRPC: the binding serves a TextToxicityApi, the client implements one.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type TextToxicityHandlers, type ScoreTextReply, type ScoreTextReply__Output, type CoverageReply__Output } from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import { TOXICITY_LABELS, type ToxicityLabel } from '@modsvc/common/classes';
import type { TextSource, TextToxicityApi } from '@modsvc/common/contracts';
import type { TextToxicityPart } from '@modsvc/common/jobs';
import { languagesFromWire, languagesToWire } from './vision-models.ts';

const SOURCES: TextSource[] = ['caption', 'ocr', 'speech', 'api'];
const MAX_TEXTS = 64;
const MAX_TEXT_CHARS = 256 * 1024;

export function textToxicityBinding(scorer: TextToxicityApi): GrpcBinding {
  const handlers: TextToxicityHandlers = {
    Coverage: unaryHandler(async () => {
      const c = await scorer.coverage();
      return { model: c.model, labels: c.labels, languages: languagesToWire(c.languages) };
    }),
    Score: unaryHandler(async (req): Promise<ScoreTextReply> => {
      if (req.texts.length > MAX_TEXTS) throw new ApiError('invalid_request', `at most ${MAX_TEXTS} texts per call`);
      if (req.texts.some((t) => t.length > MAX_TEXT_CHARS)) throw new ApiError('payload_too_large', 'a text is over 256 KB');
      const source = SOURCES.includes(req.source as TextSource) ? (req.source as TextSource) : 'api';
      const parts = await scorer.score(req.texts, source);
      return {
        model: parts[0]?.model ?? '',
        results: parts.map((p) => ({
          labels: TOXICITY_LABELS.map((label) => ({ label, score: p.scores[label] ?? 0, scored: p.scores[label] !== null })),
          topSpan: p.topSpan ?? undefined,
          language: p.language ?? '',
        })),
      };
    }),
  };
  return { name: 'moderation.v1.TextToxicity', definition: moderationGrpc().TextToxicity.service, handlers, callers: callersOf('moderation.v1.TextToxicity') };
}

export function textToxicityClient(address: string, auth: ServiceAuth | null): TextToxicityApi {
  const client = new (moderationGrpc().TextToxicity)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async coverage() {
      const r = await callUnary<CoverageReply__Output>((md, o, cb) => client.Coverage({}, md, o, cb));
      const languages = languagesFromWire(r.languages);
      return { model: r.model, labels: r.labels.map((l) => ({ label: l.label, scored: l.scored, note: l.note })), ...(languages.length ? { languages } : {}) };
    },
    async score(texts, source) {
      const reply = await callUnary<ScoreTextReply__Output>((md, o, cb) => client.Score({ texts, source }, md, o, cb));
      return reply.results.map((r): TextToxicityPart => {
        const scores = Object.fromEntries(TOXICITY_LABELS.map((l) => [l, null])) as Record<ToxicityLabel, number | null>;
        for (const l of r.labels) if (l.scored && (TOXICITY_LABELS as readonly string[]).includes(l.label)) scores[l.label as ToxicityLabel] = l.score;
        return { scores, topSpan: r.topSpan && r.topSpan.text ? { start: r.topSpan.start, end: r.topSpan.end, text: r.topSpan.text } : null, model: reply.model, language: r.language || null };
      });
    },
  };
}
