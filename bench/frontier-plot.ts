// An SVG of a moderation frontier: per harmful set, the share of its photos not approved (y) against the
// share of benign photos approved (x) as one threshold moves; the targets as dashed lines. No dependencies:
// the docs embed the file (bench/results/*.svg).

export interface FrontierCurve {
  label: string;
  /** [benign approved, harmful not approved], both shares in [0, 1], in threshold order. */
  points: [number, number][];
}

const COLOURS = ['#c0392b', '#2471a3', '#7d3c98', '#1e8449', '#b9770e', '#566573'];
const W = 640;
const H = 440;
const M = { left: 60, right: 170, top: 30, bottom: 50 };

export function frontierSvg(title: string, curves: FrontierCurve[], targets: { benignApproved: number; harmStopped: number }): string {
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (v: number) => (M.left + v * pw).toFixed(1);
  const y = (v: number) => (M.top + (1 - v) * ph).toFixed(1);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const grid = [0, 0.2, 0.4, 0.6, 0.8, 1].flatMap((t) => [
    `<line x1="${x(t)}" y1="${y(0)}" x2="${x(t)}" y2="${y(1)}" stroke="#eee"/>`,
    `<line x1="${x(0)}" y1="${y(t)}" x2="${x(1)}" y2="${y(t)}" stroke="#eee"/>`,
    `<text x="${x(t)}" y="${H - M.bottom + 18}" text-anchor="middle">${t * 100} %</text>`,
    `<text x="${M.left - 8}" y="${Number(y(t)) + 4}" text-anchor="end">${t * 100} %</text>`,
  ]);
  const lines = curves.flatMap((c, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const path = c.points.map(([bx, hy], k) => `${k ? 'L' : 'M'}${x(bx)},${y(hy)}`).join(' ');
    return [
      `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`,
      ...c.points.map(([bx, hy]) => `<circle cx="${x(bx)}" cy="${y(hy)}" r="3" fill="${colour}"/>`),
      `<rect x="${W - M.right + 16}" y="${M.top + 20 * i}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${W - M.right + 34}" y="${M.top + 20 * i + 11}">${esc(c.label)}</text>`,
    ];
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="18" font-size="14">${esc(title)}</text>`,
    ...grid,
    `<line x1="${x(targets.benignApproved)}" y1="${y(0)}" x2="${x(targets.benignApproved)}" y2="${y(1)}" stroke="#555" stroke-dasharray="4 3"/>`,
    `<line x1="${x(0)}" y1="${y(targets.harmStopped)}" x2="${x(1)}" y2="${y(targets.harmStopped)}" stroke="#555" stroke-dasharray="4 3"/>`,
    ...lines,
    `<text x="${M.left + pw / 2}" y="${H - 12}" text-anchor="middle">benign photos approved</text>`,
    `<text transform="translate(16 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">harmful photos not approved</text>`,
    '</svg>',
    '',
  ].join('\n');
}
