// What a PromQL expression reads: its metric names and its vector selectors, found lexically (enough
// for the chart's queries; Prometheus itself parses them in the live test).

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

/** The expression without string literals, label matchers, range/subquery brackets and grouping clauses. */
function skeleton(expr: string): string {
  return expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/gi, ' ');
}

/** Metric names the expression reads: identifiers that are neither functions, keywords nor numbers. */
export function metricNames(expr: string): string[] {
  const names = new Set<string>();
  for (const m of skeleton(expr).matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(?![\w:]|\s*\()/g)) {
    const name = m[1] as string;
    if (!KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** Each vector selector with label matchers, e.g. `up{namespace="moderation",service=~"moderation-.*"}`. */
export function labelledSelectors(expr: string): string[] {
  return [...new Set([...expr.matchAll(/([a-zA-Z_:][\w:]*)\s*\{((?:[^}"]|"(?:[^"\\]|\\.)*")*)\}/g)].map((m) => `${m[1] as string}{${m[2] as string}}`))];
}
