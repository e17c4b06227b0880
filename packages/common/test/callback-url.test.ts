import { describe, expect, it } from 'vitest';
import { checkCallbackUrl } from '../src/callback-url.ts';
import { EgressGuard, type Resolver } from '../src/egress.ts';

const resolver =
  (answers: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = answers[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('checkCallbackUrl', () => {
  const guard = new EgressGuard();
  const dns = resolver({ localhost: ['127.0.0.1', '::1'], 'hooks.example.com': ['93.184.215.14'], 'inside.example.com': ['10.1.2.3'] });

  it('refuses a name that resolves to loopback or a private network with 422, like a media url', async () => {
    await expect(checkCallbackUrl('http://localhost:9000/hook', guard, dns)).rejects.toMatchObject({ code: 'invalid_request', status: 422, message: expect.stringMatching(/^callback_url is not usable: .*loopback/) });
    await expect(checkCallbackUrl('https://inside.example.com/hook', guard, dns)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/private network/) });
  });

  it('refuses literal blocked addresses and unusable URLs', async () => {
    await expect(checkCallbackUrl('http://169.254.169.254/latest', guard, dns)).rejects.toMatchObject({ status: 422 });
    await expect(checkCallbackUrl('http://user:pw@hooks.example.com/', guard, dns)).rejects.toMatchObject({ status: 422 });
  });

  it('accepts a public receiver, and one whose name does not resolve yet (delivery checks again)', async () => {
    await expect(checkCallbackUrl('https://hooks.example.com/cb', guard, dns)).resolves.toBeUndefined();
    await expect(checkCallbackUrl('https://not-yet.example.com/cb', guard, dns)).resolves.toBeUndefined();
  });

  it('accepts a private receiver inside EGRESS_ALLOW_CIDRS', async () => {
    const allowing = new EgressGuard({ allowCidrs: ['10.0.0.0/8'] });
    await expect(checkCallbackUrl('https://inside.example.com/hook', allowing, dns)).resolves.toBeUndefined();
  });
});
