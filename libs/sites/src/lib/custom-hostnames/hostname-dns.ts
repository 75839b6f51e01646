import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

/** What a DNS check of a custom hostname found (the reference's `CustomHostnameStatus` values this installation can tell). */
export type HostnameDnsStatus = 'dns_passed' | 'dns_wrong_cname' | 'dns_no_cname' | 'internal_error';

/** The answers of a DNS lookup a check needs. Each rejects with a `node:dns` error (`code`) when the name has no such record. */
export interface DnsAnswers {
  cname(hostname: string): Promise<string[]>;
  addresses(hostname: string): Promise<string[]>;
}

/** How long a whole check may take before it counts as `internal_error`. */
export const DNS_CHECK_TIMEOUT_MS = 4000;

/** The codes of a name that does not exist or has no record of the type asked: an answer, not a failure. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * The installation's DNS resolver (`node:dns`, the system's servers), one try of two seconds per
 * question. A provider of its own so that tests answer for it instead of the internet.
 */
@Injectable()
export class SystemDnsAnswers implements DnsAnswers {
  private readonly resolver = new dns.Resolver({ timeout: 2000, tries: 1 });

  cname(hostname: string): Promise<string[]> {
    return this.resolver.resolveCname(hostname);
  }

  async addresses(hostname: string): Promise<string[]> {
    const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(hostname), this.resolver.resolve6(hostname)]);
    const found = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
    if (found.length > 0) return found;
    // Neither family answered: the first failure says why (no such name, or the resolver failed).
    throw v4.status === 'rejected' ? v4.reason : (v6 as PromiseRejectedResult).reason;
  }
}

/**
 * Whether a custom hostname points at this installation's published sites. The site server
 * answers any Host it receives, so what DNS decides is whether readers reach it: the hostname
 * must be a CNAME of PUBLISHED_URL's host (`dns_passed`), or (an apex, which cannot be a CNAME)
 * resolve to the very addresses PUBLISHED_URL's host resolves to. A CNAME elsewhere, or other
 * addresses, is `dns_wrong_cname`; a name without records `dns_no_cname`; a resolver that fails or
 * takes longer than DNS_CHECK_TIMEOUT_MS `internal_error`. TLS is the operator's proxy's
 * business, so no SSL status is ever reported.
 */
@Injectable()
export class HostnameDns {
  private readonly publishedHost: string;

  constructor(
    private readonly answers: SystemDnsAnswers,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publishedHost = new URL(config.urls.published).hostname.toLowerCase();
  }

  /** The host a custom hostname should point at. */
  get target(): string {
    return this.publishedHost;
  }

  async check(hostname: string): Promise<HostnameDnsStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<HostnameDnsStatus>((resolve) => (timer = setTimeout(() => resolve('internal_error'), DNS_CHECK_TIMEOUT_MS)));
    try {
      return await Promise.race([this.lookup(hostname), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async lookup(hostname: string): Promise<HostnameDnsStatus> {
    try {
      const cnames = await this.answers.cname(hostname).catch((error: NodeJS.ErrnoException) => {
        if (NO_RECORD.has(error.code ?? '')) return [];
        throw error;
      });
      if (cnames.length > 0) return cnames.some((name) => name.toLowerCase().replace(/\.$/, '') === this.publishedHost) ? 'dns_passed' : 'dns_wrong_cname';
      let own: string[];
      try {
        own = await this.answers.addresses(hostname);
      } catch (error) {
        if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return 'dns_no_cname';
        throw error;
      }
      // PUBLISHED_URL may name its host by address (a server without a name of its own).
      const expected = new Set(isIP(this.publishedHost) ? [this.publishedHost] : await this.answers.addresses(this.publishedHost));
      return own.length > 0 && own.every((address) => expected.has(address)) ? 'dns_passed' : 'dns_wrong_cname';
    } catch {
      return 'internal_error';
    }
  }
}
