// The client's token: fetched once for many calls, fetched again before its 24 h run out and after a
// 401, and never in a loop when the key itself is refused.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModerationClient, UnauthorizedError } from '../src/index.ts';
import { ORIGIN, fakeFetch, json, tokenAnswer } from './fake-fetch.ts';

const AUTH = 'POST /v1/authenticate';
const MODELS = 'GET /v1/models';

describe('ModerationClient tokens', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exchanges the API key once (as a form field) and sends the token as a bearer', async () => {
    const fake = fakeFetch().on(AUTH, tokenAnswer('tok-1')).on(MODELS, json(200, { models: [], classes: {} }));
    const client = new ModerationClient({ baseUrl: `${ORIGIN}/`, apiKey: 'key_abc', fetch: fake.fetch });
    await Promise.all([client.models(), client.models(), client.models()]);
    expect(fake.to(AUTH)).toHaveLength(1);
    expect(await fake.to(AUTH)[0]!.request.text()).toBe('key=key_abc');
    expect(fake.to(MODELS).map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1']);
  });

  it('fetches a new token shortly before the 24 h expiry, not after it', async () => {
    const fake = fakeFetch().on(AUTH, tokenAnswer('tok-1'), tokenAnswer('tok-2')).on(MODELS, json(200, {}));
    const client = new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch });
    await client.models();
    vi.setSystemTime(new Date('2026-12-02T09:54:00Z')); // 6 min before expiry: still good
    await client.models();
    vi.setSystemTime(new Date('2026-12-02T09:56:00Z')); // inside the 5 min margin
    await client.models();
    expect(fake.to(MODELS).map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
    expect(fake.to(AUTH)).toHaveLength(2);
  });

  it('takes the refresh margin from the options', async () => {
    const fake = fakeFetch().on(AUTH, tokenAnswer('tok-1'), tokenAnswer('tok-2')).on(MODELS, json(200, {}));
    const client = new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch, tokenRefreshMarginMs: 3_600_000 });
    await client.models();
    vi.setSystemTime(new Date('2026-12-02T09:01:00Z'));
    await client.models();
    expect(fake.to(AUTH)).toHaveLength(2);
  });

  it('on a 401 fetches a new token and sends the request again, once', async () => {
    const unauthorized = json(401, { error: 'unauthorized', message: 'token expired' }, { 'WWW-Authenticate': 'Bearer' });
    const fake = fakeFetch().on(AUTH, tokenAnswer('tok-1'), tokenAnswer('tok-2')).on(MODELS, unauthorized, json(200, { models: [] }));
    const client = new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch });
    await expect(client.models()).resolves.toEqual({ models: [] });
    expect(fake.to(MODELS).map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('gives up with UnauthorizedError when the new token is refused too', async () => {
    const fake = fakeFetch()
      .on(AUTH, tokenAnswer('tok-1'), tokenAnswer('tok-2'), tokenAnswer('tok-3'))
      .on(MODELS, json(401, { error: 'unauthorized', message: 'tenant removed' }));
    const client = new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch });
    const err = await client.models().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err).toMatchObject({ status: 401, code: 'unauthorized', method: 'GET', path: '/models' });
    expect(fake.to(MODELS)).toHaveLength(2);
    expect(fake.to(AUTH)).toHaveLength(2);
  });

  it('reports an unknown API key as UnauthorizedError from /authenticate', async () => {
    const fake = fakeFetch().on(AUTH, json(401, { error: 'unauthorized', message: 'Unknown API key.' }));
    const client = new ModerationClient({ baseUrl: ORIGIN, apiKey: 'wrong', fetch: fake.fetch });
    await expect(client.models()).rejects.toMatchObject({ name: 'UnauthorizedError', path: '/v1/authenticate', message: expect.stringContaining('Unknown API key.') });
    expect(fake.to(MODELS)).toHaveLength(0);
  });
});
