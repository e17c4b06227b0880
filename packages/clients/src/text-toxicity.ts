// TextToxicity over gRPC: the binding serves a TextToxicityApi, the client implements one.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type TextToxicityHandlers, type ScoreTextReply, type ScoreTextReply__Output, type CoverageReply__Output } from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import { emptyScores, TEXT_LABELS, type TextLabel } from '@modsvc/common/classes';
import type { TextSource, TextToxicityApi } from '@modsvc/common/contracts';
import type { OperatingPoints } from '@modsvc/common/domain/operating-points';
import type { TextToxicityPart } from '@modsvc/common/jobs';
import { languagesFromWire, languagesToWire } from './vision-models.ts';
import { pointsFromWire, pointsToWire } from './operating-points.ts';

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
          // A label absent from the part (a model before self_harm) is not scored, as a null one.
          labels: TEXT_LABELS.map((label) => {
            const score = p.scores[label] ?? null;
            const ops = p.operatingPoints?.[label];
            return { label, score: score ?? 0, scored: score !== null, ...(ops ? { operatingPoints: pointsToWire(ops) } : {}) };
          }),
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
        const scores = emptyScores(TEXT_LABELS);
        const operatingPoints: Partial<Record<TextLabel, OperatingPoints>> = {};
        for (const l of r.labels) {
          if (!(TEXT_LABELS as readonly string[]).includes(l.label)) continue;
          if (l.scored) scores[l.label as TextLabel] = l.score;
          if (l.operatingPoints) operatingPoints[l.label as TextLabel] = pointsFromWire(l.operatingPoints);
        }
        const topSpan = r.topSpan && r.topSpan.text ? { start: r.topSpan.start, end: r.topSpan.end, text: r.topSpan.text } : null;
        // `operatingPoints` only where the model ships some (toxicity 3.0.0+), as the service's own part has it.
        return { scores, ...(Object.keys(operatingPoints).length ? { operatingPoints } : {}), topSpan, model: reply.model, language: r.language || null };
      });
    },
  };
}
