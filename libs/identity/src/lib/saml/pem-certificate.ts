import { X509Certificate } from 'node:crypto';

const PEM_BLOCK = /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----$/;

/**
 * Why `pem` is not one PEM-encoded X.509 certificate, or undefined when it is. Parsed with
 * node:crypto, so a well-formed block with a broken body is refused too.
 */
export function pemCertificateProblem(pem: string): string | undefined {
  const text = pem.trim();
  if (!PEM_BLOCK.test(text)) return 'must be one PEM X.509 certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)';
  try {
    new X509Certificate(text);
    return undefined;
  } catch {
    return 'is not a valid X.509 certificate';
  }
}
