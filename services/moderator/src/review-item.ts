// What a reviewer sees of an item: the queue entry plus the content's analysis (caption, scored text
// spans, transcript, OCR, evidence frames and boxes, categories and what triggered them), its hash-bank
// matches with the banked entries' metadata, the decision an appeal contests, and its frames.
import type { TextLabel } from '@modsvc/common/classes';
import type { JobRecord, TextToxicityPart } from '@modsvc/common/jobs';
import { mediaKeys } from '@modsvc/common/media/types';
import type { MediaStore } from '@modsvc/common/media/types';
import type { BankStore } from '@modsvc/common/store/banks/index';
import {
  appealedDecisionOf,
  isPolicyResult,
  reviewItemOf,
  RISK_THRESHOLDS,
  roundScore,
  signalRisk,
  type HashMatch,
  type ModerationJob,
  type PolicyResult,
  type ReviewBankMatch,
  type ReviewItemDetail,
  type SlaHours,
} from '@modsvc/common/domain/index';

/** Bank matches shown with an item (the closest first); a result rarely has more. */
const BANK_MATCHES_SHOWN = 20;

type TextSpan = ReviewItemDetail['text_spans'][number];
type Source = TextSpan['source'];

/** A term-list trigger as policy-scorer writes it: `<source>:term:"<term>"@<start>-<end>`. */
const TERM_TRIGGER = /^(caption|ocr|speech):term:"(.*)"@(\d+)-(\d+)$/;

function sourceText(job: JobRecord, source: Source): string | null {
  if (source === 'caption') return job.caption;
  if (source === 'ocr') return job.parts.vision?.ocr?.text ?? null;
  return job.parts.speech?.transcript ?? null;
}

function toxicitySpan(source: Source, part: TextToxicityPart | null | undefined): TextSpan[] {
  if (!part?.topSpan) return [];
  // The label read furthest along its own operating points (the policy's risk scale), shown with its probability.
  const [label, score, risk] = (Object.entries(part.scores) as [TextLabel, number | null][])
    .filter((e): e is [TextLabel, number] => typeof e[1] === 'number' && !Number.isNaN(e[1]))
    .map(([l, p]) => [l, p, signalRisk(p, part.operatingPoints?.[l])] as const)
    .sort((a, b) => b[2] - a[2])[0] ?? [null, null, null];
  // Only a span that scored at a risk level is worth a reviewer's attention (LOW and above).
  if (label === null || risk < RISK_THRESHOLDS.LOW) return [];
  return [{ source, label, score: roundScore(score), start: part.topSpan.start, end: part.topSpan.end, text: part.topSpan.text }];
}

function textSpans(job: JobRecord): TextSpan[] {
  const spans: TextSpan[] = [
    ...toxicitySpan('caption', job.parts.caption?.toxicity),
    ...toxicitySpan('ocr', job.parts.vision?.ocr?.toxicity),
    ...toxicitySpan('speech', job.parts.speech?.toxicity),
  ];
  const results = job.results && isPolicyResult(job.results) ? job.results : null;
  for (const c of results?.policy_categories ?? []) {
    const m = TERM_TRIGGER.exec(c.triggered_by ?? '');
    if (!m) continue;
    const source = m[1] as Source;
    const start = Number(m[3]);
    const end = Number(m[4]);
    const text = sourceText(job, source)?.slice(start, end) ?? m[2]!;
    spans.push({ source, label: `terms:${c.name}`, score: c.score, start, end, text });
  }
  return spans;
}

function evidence(job: JobRecord): ReviewItemDetail['evidence'] {
  return Object.entries(job.parts.vision?.evidence ?? {}).flatMap(([cls, list]) =>
    (list ?? []).map((e) => ({ class: cls, timestamp: e.timestamp, score: roundScore(e.score), box: e.box ?? null })),
  );
}

/**
 * The result's bank matches with what each bank and banked entry say (read from the bank store: a
 * bank or entry removed since shows with null metadata). Reads at most one bank and one entry per match.
 */
async function bankMatches(tenantId: string, results: PolicyResult | null, banks: Pick<BankStore, 'getBank' | 'getContent'>): Promise<ReviewBankMatch[]> {
  const matches: HashMatch[] = [...(results?.matches ?? [])].sort((a, b) => a.distance - b.distance).slice(0, BANK_MATCHES_SHOWN);
  if (!matches.length) return [];
  const setting = new Set((results?.policy_categories ?? []).flatMap((c) => (c.triggered_by?.startsWith('bank:') ? [c.triggered_by.slice('bank:'.length)] : [])));
  const bankIds = [...new Set(matches.map((m) => m.bank_id))];
  const found = new Map(await Promise.all(bankIds.map(async (id) => [id, await banks.getBank(tenantId, id).catch(() => null)] as const)));
  return Promise.all(
    matches.map(async (m) => {
      const bank = found.get(m.bank_id) ?? null;
      const entry = bank ? await banks.getContent(tenantId, m.bank_id, m.content_id).catch(() => null) : null;
      return {
        bank_id: m.bank_id,
        bank_name: bank?.name ?? m.bank_name,
        category: bank?.category ?? null,
        risk_level: bank?.riskLevel ?? null,
        threshold: bank?.threshold ?? null,
        content_id: m.content_id,
        note: entry?.note ?? null,
        added_at: entry ? new Date(entry.createdAt).toISOString() : null,
        signal_type: entry ? (entry.frames ? 'vpdq' : 'pdq') : null,
        distance: m.distance,
        quality: m.quality,
        frame_timestamp: m.frame_timestamp,
        vpdq: m.vpdq ?? null,
        sets_category: setting.has(m.bank_id),
      };
    }),
  );
}

export interface ReviewItemContext {
  media: MediaStore;
  banks: Pick<BankStore, 'getBank' | 'getContent'>;
  /** The tenant's review.sla_hours. */
  sla: SlaHours;
  now?: Date;
}

export async function reviewItemDetail(mod: ModerationJob, job: JobRecord | null, ctx: ReviewItemContext): Promise<ReviewItemDetail | null> {
  const { media } = ctx;
  const item = reviewItemOf(mod, ctx.now ?? new Date(), ctx.sla);
  if (!item) return null;
  const results = job?.results && isPolicyResult(job.results) ? job.results : null;
  const frames = (job?.parts.hashes?.frames ?? []).map((f, index) => ({ index, timestamp: f.timestamp }));
  // The media store numbers frames from 1, the review item from 0.
  const mediaAvailable = frames.length > 0 && (await media.has(mediaKeys.frame(mod.classificationJobId, 1)).catch(() => false));
  const speech = job?.parts.speech && !job.parts.speech.error ? job.parts.speech : null;
  return {
    ...item,
    caption: job?.caption ?? null,
    policy_categories: results?.policy_categories ?? [],
    transcript: speech?.transcript ?? null,
    speech_segments: speech?.segments ?? [],
    ocr_text: job?.parts.vision?.ocr?.text ?? null,
    text_spans: job ? textSpans(job) : [],
    evidence: job ? evidence(job) : [],
    frames: mediaAvailable ? frames : [],
    media_available: mediaAvailable,
    bank_matches: await bankMatches(mod.tenantId, results, ctx.banks),
    appealed_decision: appealedDecisionOf(mod),
  };
}
