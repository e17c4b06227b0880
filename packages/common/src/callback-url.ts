// A callback_url is checked at submit the way a media url is: the URL and every address its host
// resolves to go through the egress guard, so that `http://localhost/...` is refused with 422 at once
// instead of being accepted and then given up at delivery. A name that does not resolve (yet) is
// accepted: the receiver may come up later, and the webhook dispatcher checks every delivery again.
import { ApiError } from './errors.ts';
import { EgressError, resolveAndCheck, type EgressGuard, type Resolver } from './egress.ts';

/** How long a submit waits on DNS for the callback host. */
export const CALLBACK_DNS_TIMEOUT_MS = 2000;

/** Throws ApiError('invalid_request') when the guard refuses the URL or an address of its host. */
export async function checkCallbackUrl(url: string, guard: EgressGuard, resolve?: Resolver): Promise<void> {
  try {
    await resolveAndCheck(url, guard, { timeoutMs: CALLBACK_DNS_TIMEOUT_MS, resolve });
  } catch (err) {
    if (!(err instanceof EgressError)) throw err;
    if (err.code === 'blocked_address' || err.code === 'bad_url') {
      throw new ApiError('invalid_request', `callback_url is not usable: ${err.message}`);
    }
    // unreachable or timeout: DNS trouble now says nothing about the receiver at delivery time.
  }
}
