// Where the public domain and the protos carry the same data, their fields agree: checked on the
// types (tsc) and on the loaded .proto descriptors (vitest). Renames between the two are listed here.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  protoRoot,
  type ClassCoverage__Output,
  type DeliveryAttempt__Output,
  type HeldBackQuality__Output,
  type HeldBackSource__Output,
  type LanguageCoverage__Output,
  type ListDeliveriesReply__Output,
  type MediaMetadata__Output,
  type ModelInfo__Output,
  type ModerationReply__Output,
  type OperatingPointFigures__Output,
  type OperatingPoints__Output,
  type RedeliverReply__Output,
  type SignalOperatingPoints__Output,
} from '@modsvc/protos';
// Not re-exported by @modsvc/protos: no gRPC API carries it yet.
import type { ErrorInfo__Output } from '@modsvc/protos/generated/moderation/v1/ErrorInfo.ts';
import type * as contracts from '../src/contracts.ts';
import {
  ClassCoverageReportSchema,
  DeliveryAttemptLogSchema,
  DeliveryLogSchema,
  ErrorBodySchema,
  HeldBackQualitySchema,
  HeldBackSourceSchema,
  MediaMetadataSchema,
  ModelReportSchema,
  OperatingPointFiguresSchema,
  OperatingPointsSchema,
  RedeliverySchema,
  SignalOperatingPointsSchema,
  TextLanguageReportSchema,
  type AttemptView,
  type ClassCoverageReport,
  type DeliveryAttemptLog,
  type DeliveryLog,
  type DeliveryLogView,
  type DeliveryState,
  type ErrorBody,
  type HeldBackQuality,
  type HeldBackSource,
  type MediaMetadata,
  type ModelReport,
  type ModelsReport,
  type ModerationReply,
  type OperatingPointFigures,
  type OperatingPoints,
  type Redelivery,
  type SignalOperatingPoints,
  type TextLanguageReport,
  type RedeliveryView,
} from '../src/domain/index.ts';

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** Generated message types carry `_field` markers for proto3 optionals; they are not fields. */
type ProtoFields<T> = Exclude<keyof T, `_${string}`>;

function protoFields(message: string): string[] {
  return protoRoot()
    .lookupType(`moderation.v1.${message}`)
    .fieldsArray.map((f) => f.name)
    .sort();
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function domainFields(schema: z.ZodObject, rename: Record<string, string> = {}): string[] {
  return Object.keys(schema.shape)
    .flatMap((k) => (k in rename ? (rename[k] ? [rename[k]] : []) : [camel(k)]))
    .sort();
}

describe('domain and protos agree', () => {
  it('models report: HeldBackQuality, HeldBackSource, ModelInfo, ClassCoverage', () => {
    expectTypeOf<ProtoFields<HeldBackQuality__Output>>().toEqualTypeOf<keyof HeldBackQuality>();
    expectTypeOf<ProtoFields<HeldBackSource__Output>>().toEqualTypeOf<keyof HeldBackSource>();
    expectTypeOf<ProtoFields<ModelInfo__Output>>().toEqualTypeOf<keyof ModelReport>();
    // The REST report nests the held-back figures (all, photos, sources); the proto names them side by side.
    expectTypeOf<ProtoFields<ClassCoverage__Output>>().toEqualTypeOf<
      Exclude<keyof ClassCoverageReport, 'class' | 'heldBack'> | 'className' | 'heldBack' | 'heldBackPhotos' | 'heldBackSources'
    >();
    expectTypeOf<keyof ClassCoverageReport['heldBack']>().toEqualTypeOf<'all' | 'photos' | 'sources'>();

    expect(protoFields('HeldBackQuality')).toEqual(domainFields(HeldBackQualitySchema));
    expect(protoFields('HeldBackSource')).toEqual(domainFields(HeldBackSourceSchema));
    expect(protoFields('ModelInfo')).toEqual(domainFields(ModelReportSchema));
    expect(protoFields('ClassCoverage')).toEqual(
      [...domainFields(ClassCoverageReportSchema, { class: 'className', heldBack: 'heldBack' }), 'heldBackPhotos', 'heldBackSources'].sort(),
    );
    const heldBack = ClassCoverageReportSchema.shape.heldBack.shape;
    expect(Object.keys(heldBack).sort()).toEqual(['all', 'photos', 'sources']);
    // The wire's repeated field is empty where REST leaves `sources` out: optional in the domain.
    expect(heldBack.sources.safeParse(undefined).success).toBe(true);
    expect(protoRoot().lookupType('moderation.v1.ClassCoverage').fields.heldBackSources!.repeated).toBe(true);
  });

  it('operating points: OperatingPoints (lower-case levels on the wire), SignalOperatingPoints, OperatingPointFigures, LanguageCoverage', () => {
    expectTypeOf<ProtoFields<OperatingPoints__Output>>().toEqualTypeOf<Lowercase<keyof OperatingPoints>>();
    expectTypeOf<ProtoFields<SignalOperatingPoints__Output>>().toEqualTypeOf<keyof SignalOperatingPoints>();
    expectTypeOf<ProtoFields<OperatingPointFigures__Output>>().toEqualTypeOf<keyof OperatingPointFigures>();
    expectTypeOf<ProtoFields<LanguageCoverage__Output>>().toEqualTypeOf<keyof TextLanguageReport>();
    expect(protoFields('OperatingPoints')).toEqual(domainFields(OperatingPointsSchema, { LOW: 'low', MEDIUM: 'medium', HIGH: 'high' }));
    expect(protoFields('SignalOperatingPoints')).toEqual(domainFields(SignalOperatingPointsSchema));
    expect(protoFields('OperatingPointFigures')).toEqual(domainFields(OperatingPointFiguresSchema));
    expect(protoFields('OperatingPointBasis')).toEqual(Object.keys(SignalOperatingPointsSchema.shape.basis.shape).sort());
    expect(protoFields('LanguageCoverage')).toEqual(domainFields(TextLanguageReportSchema));
    expect(protoFields('LabelScore')).toContain('operatingPoints');
    // The wire's repeated field is empty where REST leaves `operatingPoints` out: optional in the domain.
    expect(TextLanguageReportSchema.shape.operatingPoints.safeParse(undefined).success).toBe(true);
  });

  it('delivery log: ListDeliveriesReply and DeliveryAttempt (snake_case in REST)', () => {
    expectTypeOf<ProtoFields<DeliveryAttempt__Output>>().toEqualTypeOf<Camel<keyof DeliveryAttemptLog>>();
    expectTypeOf<ProtoFields<ListDeliveriesReply__Output>>().toEqualTypeOf<Camel<Exclude<keyof DeliveryLog, 'job_id'>>>();
    expect(protoFields('DeliveryAttempt')).toEqual(domainFields(DeliveryAttemptLogSchema));
    expect(protoFields('ListDeliveriesReply')).toEqual(domainFields(DeliveryLogSchema, { job_id: '' }));
    expectTypeOf<ProtoFields<RedeliverReply__Output>>().toEqualTypeOf<Camel<Exclude<keyof Redelivery, 'job_id'>>>();
    expect(protoFields('RedeliverReply')).toEqual(domainFields(RedeliverySchema, { job_id: '' }));
  });

  it('media metadata, the error body and the moderation reply', () => {
    expectTypeOf<ProtoFields<MediaMetadata__Output>>().toEqualTypeOf<Camel<keyof MediaMetadata>>();
    expectTypeOf<ProtoFields<ErrorInfo__Output>>().toEqualTypeOf<Exclude<keyof ErrorBody, 'error'> | 'code'>();
    expectTypeOf<ProtoFields<ModerationReply__Output>>().toEqualTypeOf<Exclude<keyof ModerationReply, 'result'> | 'resultJson' | 'found'>();
    expect(protoFields('MediaMetadata')).toEqual(domainFields(MediaMetadataSchema));
    expect(protoFields('ErrorInfo')).toEqual(domainFields(ErrorBodySchema, { error: 'code' }));
  });

  it('proto scalar kinds match the domain field kinds', () => {
    const kinds: Record<string, string> = { int32: 'number', int64: 'number', double: 'number', float: 'number', string: 'string', bool: 'boolean' };
    const pairs: [string, z.ZodObject][] = [
      ['HeldBackQuality', HeldBackQualitySchema],
      ['HeldBackSource', HeldBackSourceSchema],
      ['ModelInfo', ModelReportSchema],
      ['DeliveryAttempt', DeliveryAttemptLogSchema],
      ['MediaMetadata', MediaMetadataSchema],
      ['OperatingPointFigures', OperatingPointFiguresSchema],
    ];
    for (const [message, schema] of pairs) {
      for (const field of protoRoot().lookupType(`moderation.v1.${message}`).fieldsArray) {
        const key = Object.keys(schema.shape).find((k) => camel(k) === field.name)!;
        const jsonSchema = (schema.shape[key] as z.ZodType).toJSONSchema() as { type?: string | string[]; anyOf?: { type: string }[]; items?: { type: string } };
        const types = [jsonSchema.type ?? jsonSchema.anyOf?.map((a) => a.type)].flat().filter((t) => t !== 'null');
        const expected = field.repeated ? 'array' : kinds[field.type];
        expect({ message, field: field.name, type: types.map((t) => (t === 'integer' ? 'number' : t)) }).toEqual({ message, field: field.name, type: [expected] });
      }
    }
  });
});

describe('domain and contracts agree', () => {
  it('the models report and delivery views that contracts.ts declares are the domain types', () => {
    expectTypeOf<contracts.ModelsReport>().toEqualTypeOf<ModelsReport>();
    expectTypeOf<contracts.HeldBackQuality>().toEqualTypeOf<HeldBackQuality>();
    expectTypeOf<contracts.HeldBackSource>().toEqualTypeOf<HeldBackSource>();
    // The /v1/models zod schema and the shared operating-point types are one shape.
    expectTypeOf<contracts.TextLanguageReport>().toEqualTypeOf<TextLanguageReport>();
    expectTypeOf<z.infer<typeof SignalOperatingPointsSchema>>().toEqualTypeOf<SignalOperatingPoints>();
    expectTypeOf<contracts.DeliveriesView>().toEqualTypeOf<DeliveryLogView>();
    expectTypeOf<contracts.DeliveriesView['state']>().toEqualTypeOf<DeliveryState>();
    expectTypeOf<contracts.DeliveriesView['attempts'][number]>().toEqualTypeOf<AttemptView>();
    expectTypeOf<Awaited<ReturnType<contracts.DeliveriesApi['redeliver']>>>().toEqualTypeOf<RedeliveryView | null>();
  });
});
