// "0 crashes": every service process of a deployment is still running and still answers /readyz.
import type { Deployment } from '../../helpers/deployments.ts';
import { httpOk } from '../../helpers/processes.ts';

export interface Liveness {
  /** Services whose process has exited (crashed, or killed by the OOM killer). */
  exited: string[];
  /** Services running but not answering /readyz with 200. */
  notReady: string[];
}

export async function checkLiveness(deployment: Deployment): Promise<Liveness> {
  const exited: string[] = [];
  const notReady: string[] = [];
  for (const [name, service] of deployment.services) {
    const proc = service.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
      exited.push(name);
      continue;
    }
    if (!(await httpOk(service.readyUrl).catch(() => false))) notReady.push(name);
  }
  return { exited, notReady };
}

/** Process ids of the deployment's running services. */
export function servicePids(deployment: Deployment): number[] {
  return [...deployment.services.values()].map((s) => s.proc?.pid).filter((pid): pid is number => typeof pid === 'number' && pid > 0);
}
