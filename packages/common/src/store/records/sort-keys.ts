// Sort keys that order as strings the way their values order: fixed-width numbers (ascending or
// descending) and UTC times. A composite key is fixed-width parts joined by any one separator.

const OFFSET = 2n ** 53n;
const NUMBER_WIDTH = 17; // digits of 2^54 - 1

/** A safe integer as 17 digits (offset by 2^53, so negatives order too). */
export function numberKey(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return (BigInt(n) + OFFSET).toString().padStart(NUMBER_WIDTH, '0');
}

/** A key that orders the integers from the largest down (e.g. highest priority first). */
export function descNumberKey(n: number): string {
  return numberKey(-n);
}

/** A time (Date, ISO string or epoch ms) in UTC ISO form, which orders as the time does; years 0..9999. */
export function timeKey(t: Date | string | number): string {
  const d = new Date(t);
  const iso = d.toISOString(); // throws RangeError on an invalid time
  if (iso.length !== 24) throw new RangeError(`time out of range for a sort key: ${iso}`);
  return iso;
}

/** The minute a time falls in, 'YYYY-MM-DDTHH:MM' (UTC): a partition that keeps per-minute counts small. */
export function minuteKey(t: Date | string | number): string {
  return timeKey(t).slice(0, 16);
}
