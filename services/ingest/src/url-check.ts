import dns from 'node:dns/promises';
import net from 'node:net';
import { EgressError, type EgressGuard } from '@modsvc/common/egress';

/**
 * Early refusal at submit time: a URL whose host is (or resolves to) a blocked address gets a 422 at once.
 * The fetch itself checks again on every hop, so this is a convenience, not the guard.
 */
export async function checkResolvedHost(guard: EgressGuard, hostname: string, timeoutMs = 2000): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    guard.checkAddress(host);
    return;
  }
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new EgressError('unreachable', `DNS lookup of ${host} timed out`)), timeoutMs).unref(),
  );
  let addresses: { address: string }[];
  try {
    addresses = await Promise.race([dns.lookup(host, { all: true }), timeout]);
  } catch (err) {
    if (err instanceof EgressError) throw err;
    throw new EgressError('unreachable', `the host ${host} could not be resolved`);
  }
  for (const a of addresses) guard.checkAddress(a.address);
}
