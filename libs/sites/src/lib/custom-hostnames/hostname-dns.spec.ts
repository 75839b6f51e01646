import type { AppConfig } from '@docs/platform';
import { DNS_CHECK_TIMEOUT_MS, HostnameDns, SystemDnsAnswers } from './hostname-dns';

describe('HostnameDns', () => {
  const config = (published: string) => ({ urls: { published } }) as AppConfig;

  it('counts a resolver slower than the bound as internal_error', async () => {
    jest.useFakeTimers();
    try {
      const answers = { cname: () => new Promise<string[]>(() => undefined), addresses: () => Promise.resolve([]) } as unknown as SystemDnsAnswers;
      const check = new HostnameDns(answers, config('https://docs.example.org')).check('docs.slow.example');
      jest.advanceTimersByTime(DNS_CHECK_TIMEOUT_MS);
      await expect(check).resolves.toBe('internal_error');
    } finally {
      jest.useRealTimers();
    }
  });

  it('compares addresses with PUBLISHED_URL given as an address without resolving it', async () => {
    const addresses = jest.fn((name: string) => (name === 'docs.apex.example' ? Promise.resolve(['192.0.2.7']) : Promise.reject(new Error('not asked'))));
    const answers = { cname: () => Promise.reject(Object.assign(new Error('no'), { code: 'ENODATA' })), addresses } as unknown as SystemDnsAnswers;
    await expect(new HostnameDns(answers, config('http://192.0.2.7:8081')).check('docs.apex.example')).resolves.toBe('dns_passed');
    await expect(new HostnameDns(answers, config('http://192.0.2.8')).check('docs.apex.example')).resolves.toBe('dns_wrong_cname');
  });
});
