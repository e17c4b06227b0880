// The default record codec: JSON with Dates tagged as {"$$date": epochMs} wherever they occur in the
// value, revived as Dates on decode. A value is kept by every backend as this one string, so keys with
// dots or a leading '$' (allowed in job results and audit details) never reach a database engine's key
// rules, and every backend hands back exactly what the others do. As with JSON, undefined fields are
// dropped, and an object that is exactly {"$$date": n} reads back as a Date.
import type { RecordCodec } from './types.ts';

const DATE_TAG = '$$date';

export function encodeValue(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, replaced: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { [DATE_TAG]: raw.getTime() };
    return replaced;
  });
}

export function decodeValue<T>(text: string): T {
  return JSON.parse(text, (_key: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === DATE_TAG) {
        const ms = (value as Record<string, unknown>)[DATE_TAG];
        return new Date(typeof ms === 'number' ? ms : Number.NaN);
      }
    }
    return value;
  }) as T;
}

export function jsonDateCodec<T>(): RecordCodec<T> {
  return { encode: encodeValue, decode: decodeValue<T> };
}
