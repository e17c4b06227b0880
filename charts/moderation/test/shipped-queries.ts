// The PromQL the chart ships: every panel query of the Grafana dashboards (charts/moderation/dashboards)
// and every expression of the PrometheusRule, as Grafana and Prometheus would run them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { VALUES_FILES, chartDir, ensureTools, find, render } from './render.ts';

export interface PanelQuery {
  dashboard: string;
  panel: string;
  refId: string;
  expr: string;
}

export interface AlertRule {
  alert: string;
  expr: string;
}

type Panel = { title?: string; panels?: Panel[]; targets?: { expr?: string; refId?: string }[] };

function panelQueriesOf(dashboard: string, panels: Panel[]): PanelQuery[] {
  return panels.flatMap((p) => [
    ...(p.targets ?? []).filter((t) => t.expr).map((t) => ({ dashboard, panel: p.title ?? '(untitled)', refId: t.refId ?? '', expr: t.expr as string })),
    // Rows hold their panels when collapsed.
    ...panelQueriesOf(dashboard, p.panels ?? []),
  ]);
}

export function dashboardQueries(): PanelQuery[] {
  const dir = join(chartDir, 'dashboards');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => panelQueriesOf(f.replace(/\.json$/, ''), (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { panels: Panel[] }).panels));
}

/** The alert rules as the GPU values render them (the chart's defaults leave the PrometheusRule off). */
export function alertRules(namespace = 'moderation'): { rules: AlertRule[]; groups: unknown[] } {
  ensureTools();
  const rule = find(render({ valuesFiles: VALUES_FILES.gpu, namespace }), 'PrometheusRule', 'moderation');
  const groups = (rule.spec as { groups: { rules: AlertRule[] }[] }).groups;
  return { rules: groups.flatMap((g) => g.rules).map((r) => ({ alert: r.alert, expr: r.expr })), groups };
}

/**
 * Replaces Grafana's template variables ($name, ${name}, ${name:format}) with the given values; a
 * variable without one throws, so a dashboard that gains a variable cannot be checked half-substituted.
 */
export function substituteVariables(expr: string, values: Record<string, string>): string {
  return expr.replace(/\$\{(\w+)(?::\w+)?\}|\$(\w+)/g, (whole, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare) as string;
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the dashboard variable ${whole} in: ${expr}`);
    return value;
  });
}

export interface VariableQuery {
  dashboard: string;
  name: string;
  definition: string;
  /** label_values(<selector>, <label>) */
  selector: string;
  label: string;
}

type Dashboard = { templating?: { list?: { name: string; type: string; definition?: string; query?: { query?: string } | string }[] } };

/** The dashboards' query variables, each a label_values(selector, label) (the only form they use). */
export function dashboardVariableQueries(): VariableQuery[] {
  const dir = join(chartDir, 'dashboards');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const list = (JSON.parse(readFileSync(join(dir, f), 'utf8')) as Dashboard).templating?.list ?? [];
      return list
        .filter((v) => v.type === 'query')
        .map((v) => {
          const definition = v.definition ?? (typeof v.query === 'string' ? v.query : (v.query?.query ?? ''));
          const m = /^label_values\((.+),\s*(\w+)\)$/.exec(definition.trim());
          if (!m) throw new Error(`${f}: variable ${v.name} is not label_values(selector, label): ${definition}`);
          return { dashboard: f.replace(/\.json$/, ''), name: v.name, definition, selector: m[1] as string, label: m[2] as string };
        });
    });
}
