import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { Caller } from '@docs/identity';
import { preparedStatement, PublicUrls, SqlPool } from '@docs/platform';
import { LRUCache } from 'lru-cache';
import { SiteAccess, SiteContext } from '../access/site-access';
import { HOSTNAME_PATTERN } from '../sites/dto/update-site.dto';
import { SitesService } from '../sites/sites.service';
import type { CustomHostnameDto } from './custom-hostname.dto';
import { HostnameDns, HostnameDnsStatus } from './hostname-dns';

/** The site that has a custom hostname, of any organization. `$1` hostname. */
const SITE_BY_HOSTNAME = preparedStatement('custom_hostnames_site', `SELECT id, organization_id FROM sites WHERE hostname = $1`);

/** How long a DNS check's answer is reported before GET checks again. */
export const DNS_STATUS_TTL_MS = 10 * 60 * 1000;

/**
 * Custom hostnames are sites' `hostname` (set by PATCH of the site): the reference's
 * `custom-hostnames` operations read, check and remove them by name. Only admins of the site's
 * organization see one; anyone else gets the 404 of a hostname no site has (members below admin
 * a 403, as on the site's own settings).
 */
@Injectable()
export class CustomHostnamesService {
  /** The last check of each hostname, in this process. */
  private readonly checks = new LRUCache<string, HostnameDnsStatus>({ max: 10_000, ttl: DNS_STATUS_TTL_MS });

  constructor(
    private readonly sql: SqlPool,
    private readonly access: SiteAccess,
    private readonly sites: SitesService,
    private readonly dns: HostnameDns,
    private readonly urls: PublicUrls,
  ) {}

  async get(hostname: string, caller: Caller): Promise<CustomHostnameDto> {
    const context = await this.administered(hostname, caller, 'read custom hostnames');
    let status = this.checks.get(hostname);
    if (!status) {
      status = await this.dns.check(hostname);
      this.checks.set(hostname, status);
    }
    return this.present(context, hostname, status);
  }

  /** `dnsRevalidateCustomHostname`: checks DNS again now (what the next GET reports). */
  async revalidate(hostname: string, caller: Caller): Promise<void> {
    await this.administered(hostname, caller, 'revalidate custom hostnames');
    this.checks.set(hostname, await this.dns.check(hostname));
  }

  /** Removes the hostname from its site: the site server stops answering it at once. */
  async remove(hostname: string, caller: Caller): Promise<void> {
    const context = await this.administered(hostname, caller, 'remove custom hostnames');
    await this.sites.update(context, { hostname: null });
    this.checks.delete(hostname);
  }

  /** The site of a hostname, for an admin of its organization; the hostname's 404 for whoever may not see the site. */
  private async administered(hostname: string, caller: Caller, action: string): Promise<SiteContext> {
    if (hostname.length > 512 || !HOSTNAME_PATTERN.test(hostname)) {
      throw new BadRequestException('hostname must be a lowercase hostname of three labels or more, e.g. docs.example.com');
    }
    const row = await this.sql.first<{ id: string; organization_id: string }>(SITE_BY_HOSTNAME, [hostname]);
    if (!row) throw hostnameNotFound(hostname);
    try {
      return await this.access.site(row.organization_id, row.id, caller, 'manage', action);
    } catch (error) {
      // The organization's or the site's own 404 would name them.
      if (error instanceof NotFoundException) throw hostnameNotFound(hostname);
      throw error;
    }
  }

  private present(context: SiteContext, hostname: string, status: HostnameDnsStatus): CustomHostnameDto {
    return {
      object: 'custom-hostname',
      hostname,
      target: { type: 'site', site: context.site.id },
      isActive: context.site.published,
      status,
      urls: { location: this.urls.api('v1/custom-hostnames', hostname) },
    };
  }
}

function hostnameNotFound(hostname: string): NotFoundException {
  return new NotFoundException(`No site of yours has the custom hostname ${hostname}.`);
}
