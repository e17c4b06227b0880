// The lexical reading of PromQL the live dashboard test relies on, and Grafana's variables.
import { describe, expect, it } from 'vitest';
import { labelledSelectors, metricNames } from './promql-names.ts';
import { substituteVariables } from './shipped-queries.ts';

describe('PromQL names', () => {
  it('finds metric names, not functions, keywords, label names, strings or durations', () => {
    const expr = 'histogram_quantile(0.95, sum by (le, stage) (rate(modsvc_stage_duration_seconds_bucket{namespace="x",stage=~"a|b"}[5m]))) > on (stage) group_left up offset 1m';
    expect(metricNames(expr).sort()).toEqual(['modsvc_stage_duration_seconds_bucket', 'up']);
    expect(metricNames('60 * sum(rate(a_total[1h])) / sum without (pod) (b_total)').sort()).toEqual(['a_total', 'b_total']);
  });

  it('lists each labelled selector once, with braces inside strings kept', () => {
    expect(labelledSelectors('sum(x{a="1"}) / sum(x{a="1"}) + y{b=~"{1}"}')).toEqual(['x{a="1"}', 'y{b=~"{1}"}']);
  });
});

describe('Grafana variables', () => {
  it('replaces $name and ${name}, and refuses a variable without a value', () => {
    expect(substituteVariables('rate(x{namespace="$namespace"}[$__rate_interval]) ${namespace}', { namespace: 'm', __rate_interval: '1m' })).toBe('rate(x{namespace="m"}[1m]) m');
    expect(() => substituteVariables('x{service="$service"}', {})).toThrow(/\$service/);
  });
});
