// Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3); the service sends seconds,
// proxies in front of it may send a date.

/** The wait a Retry-After value asks for, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
