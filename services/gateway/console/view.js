// @ts-check
// Small DOM builders and formatting for the console. Everything goes through textContent: item text
// comes from callers and must never be read as HTML.

/** @typedef {import('./api.js').TextSpan} TextSpan */
/** @typedef {import('./api.js').Evidence} Evidence */
/** @typedef {import('./api.js').Frame} Frame */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {{ text?: string, className?: string, testid?: string, attrs?: Record<string, string> }} [opts]
 * @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, opts = {}, children = []) {
  const node = document.createElement(tag);
  if (opts.text !== undefined) node.textContent = opts.text;
  if (opts.className) node.className = opts.className;
  if (opts.testid) node.dataset.testid = opts.testid;
  for (const [k, v] of Object.entries(opts.attrs ?? {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/**
 * A span of time, e.g. "45 s", "12 min", "3 h 5 min", "2 d 4 h".
 * @param {number} ms
 */
export function span(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (!Number.isFinite(s)) return '';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

/** How long ago: @param {string} iso */
export function age(iso) {
  return span(Date.now() - Date.parse(iso));
}

/**
 * When an item is due, relative to now: "due in 3 h 5 min" or "overdue 1 h 2 min".
 * @param {string} dueAt
 */
export function dueText(dueAt) {
  const left = Date.parse(dueAt) - Date.now();
  return left >= 0 ? `due in ${span(left)}` : `overdue ${span(-left)}`;
}

/**
 * A date and time in the reader's locale, e.g. "3 Feb 2026, 04:05".
 * @param {string | null | undefined} iso
 */
export function dateTime(iso) {
  const d = new Date(iso ?? NaN);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A share as a percentage, "—" when there is none.
 * @param {number | null} rate
 */
export function percent(rate) {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}

/** @param {number} seconds */
export function clock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(1).padStart(4, '0')}`;
}

/** @param {number | null} score */
export function score(score) {
  return score === null ? '—' : score.toFixed(2);
}

/**
 * Where a span lies in the text, in UTF-16 offsets. Offsets are trusted when they cut out the span's
 * text; else code-point offsets are tried, then the first occurrence of the text.
 * @param {string} text
 * @param {TextSpan} span
 * @returns {[number, number] | null}
 */
export function locate(text, span) {
  const same = (/** @type {string} */ a) => a.toLowerCase() === span.text.toLowerCase();
  if (span.end > span.start && same(text.slice(span.start, span.end))) return [span.start, span.end];
  const points = Array.from(text);
  if (span.end <= points.length && same(points.slice(span.start, span.end).join(''))) {
    const start = points.slice(0, span.start).join('').length;
    return [start, start + span.text.length];
  }
  const at = span.text ? text.toLowerCase().indexOf(span.text.toLowerCase()) : -1;
  return at >= 0 ? [at, at + span.text.length] : null;
}

/**
 * The text with each scored span in a <mark> (overlaps split at their edges, each piece naming every
 * label that covers it).
 * @param {string} text
 * @param {TextSpan[]} spans
 * @param {string} testid
 */
export function highlighted(text, spans, testid) {
  const ranges = spans.flatMap((s) => {
    const r = locate(text, s);
    return r ? [{ start: r[0], end: r[1], what: `${s.label} ${score(s.score)}` }] : [];
  });
  const cuts = [...new Set([0, text.length, ...ranges.flatMap((r) => [r.start, r.end])])].sort((a, b) => a - b);
  const out = el('p', { className: 'text', testid });
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = /** @type {number} */ (cuts[i]);
    const to = /** @type {number} */ (cuts[i + 1]);
    const piece = text.slice(from, to);
    const labels = ranges.filter((r) => r.start <= from && r.end >= to).map((r) => r.what);
    out.append(labels.length ? el('mark', { text: piece, testid: 'span', attrs: { title: labels.join(', ') } }) : piece);
  }
  return out;
}

/**
 * The frame an evidence timestamp belongs to: the nearest one.
 * @param {Frame[]} frames
 * @param {number} timestamp
 * @returns {Frame | undefined}
 */
export function nearestFrame(frames, timestamp) {
  let best = frames[0];
  for (const f of frames) if (best && Math.abs(f.timestamp - timestamp) < Math.abs(best.timestamp - timestamp)) best = f;
  return best;
}

/**
 * Boxes over the frame, placed in percent of its natural size (the source pixels the boxes are in), so
 * they follow the image however it is scaled.
 * @param {Evidence[]} evidence the frame's evidence with boxes
 * @param {number} width natural width
 * @param {number} height natural height
 */
export function boxes(evidence, width, height) {
  return evidence.flatMap((e) => {
    if (!e.box || !width || !height) return [];
    const [x, y, w, h] = e.box;
    const box = el('div', { className: 'box', testid: 'box', attrs: { 'data-class': e.class } }, [el('span', { text: `${e.class} ${score(e.score)}` })]);
    // CSSOM assignments, which the page's CSP (style-src 'self') allows, unlike style attributes.
    box.style.left = `${(100 * x) / width}%`;
    box.style.top = `${(100 * y) / height}%`;
    box.style.width = `${(100 * w) / width}%`;
    box.style.height = `${(100 * h) / height}%`;
    return [box];
  });
}
