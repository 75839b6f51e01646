import { DownloadUrlSigner, expiryFor } from './download-url-signer';

describe('DownloadUrlSigner', () => {
  const signer = new DownloadUrlSigner(Buffer.alloc(32, 7));
  const grant = { hash: 'a'.repeat(64), name: 'logo.png', contentType: 'image/png', expires: 1000 };

  it('accepts its own signature until the expiry', () => {
    const signature = signer.sign(grant);
    expect(signer.check(grant, signature, 999)).toBe('ok');
    expect(signer.check(grant, signature, 1000)).toBe('ok');
    expect(signer.check(grant, signature, 1001)).toBe('expired');
  });

  it('refuses a signature of anything else', () => {
    const signature = signer.sign(grant);
    expect(signer.check({ ...grant, expires: 5000 }, signature, 999)).toBe('forged');
    expect(signer.check({ ...grant, contentType: 'text/html' }, signature, 999)).toBe('forged');
    expect(signer.check(grant, 'x', 999)).toBe('forged');
    expect(new DownloadUrlSigner(Buffer.alloc(32, 8)).check(grant, signature, 999)).toBe('forged');
  });

  it('rounds expiries up to 10 minutes', () => {
    expect(expiryFor(0, 3600)).toBe(3600);
    expect(expiryFor(1000, 3600)).toBe(4200);
    expect(expiryFor(599_000, 3600)).toBe(4200);
  });
});
