// The /metrics endpoints of a test deployment as Prometheus targets, labelled the way the chart's
// ServiceMonitor (charts/moderation/templates/servicemonitor.yaml) has the Prometheus Operator label
// them in a cluster, so that the dashboards' and alerts' label matchers are tried on production labels.
import type { Deployment } from './deployments.ts';
import type { ScrapeTarget } from './prometheus.ts';

/** The chart's release name: Services are named <release>-<component>. */
export const RELEASE = 'moderation';

/**
 * The Operator's target labels for an endpoint of Service <release>-<component>: job and service are
 * the Service's name, endpoint the port's name, container the pod's container (named after the
 * component in the chart); the ServiceMonitor's relabeling adds component.
 */
function operatorLabels(component: string, namespace: string, replica: number): { job: string; labels: Record<string, string> } {
  const service = `${RELEASE}-${component}`;
  return { job: service, labels: { namespace, service, pod: `${service}-${replica}`, container: component, endpoint: 'metrics', component } };
}

/** The chart runs two replicas of each service by default. */
export const REPLICAS = 2;

/**
 * All-in-one serves its metrics on the REST port to holders of METRICS_TOKEN (it has no other port);
 * distributed, each service on its own METRICS_PORT. All-in-one is labelled as one more component,
 * "all-in-one", as it would be were it deployed behind a Service of the release.
 *
 * Each endpoint is scraped as REPLICAS pods (<service>-0, <service>-1, ...): the same process, so a
 * query that sums what every replica reports of shared state (a consumer's lag, the review queue)
 * reads more than one replica's figure, as it would in the cluster.
 */
export function scrapeTargets(deployment: Deployment, namespace: string, metricsToken?: string): ScrapeTarget[] {
  const endpoints: { component: string; address: string; bearerToken?: string }[] = [];
  if (deployment.mode === 'all-in-one') {
    if (!metricsToken) throw new Error('all-in-one serves /metrics only with its METRICS_TOKEN');
    endpoints.push({ component: 'all-in-one', address: new URL(deployment.url).host, bearerToken: metricsToken });
  } else {
    for (const [name, proc] of deployment.services) {
      if (!proc.env.METRICS_PORT) throw new Error(`${name} has no METRICS_PORT`);
      endpoints.push({ component: name, address: `127.0.0.1:${proc.env.METRICS_PORT}` });
    }
  }
  return endpoints.flatMap((e) =>
    Array.from({ length: REPLICAS }, (_, replica) => ({ ...operatorLabels(e.component, namespace, replica), address: e.address, ...(e.bearerToken ? { bearerToken: e.bearerToken } : {}) })),
  );
}
