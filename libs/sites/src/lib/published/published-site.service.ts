import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock, preparedStatement, SqlPool } from '@docs/platform';
import { claimsChecker } from '../adaptive/adaptive-schema';
import { ShareLinksService } from '../share-links/share-links.service';
import { SitePresenter } from '../sites/site.presenter';
import { adaptiveSchemaOf, SiteEntity } from '../sites/site.entity';
import { siteColumns, siteFromRow } from '../sites/site-rows';
import { SitesService } from '../sites/sites.service';
import { SiteStructurePresenter } from '../structure/site-structure.presenter';
import type { SiteStructure } from '../structure/site-structure';
import { SiteStructureReader } from '../structure/site-structure.reader';
import { StructureJson, structureJson } from '../structure/structure-rows';
import { siteCustomizationOf, siteSpaceCustomizationOf } from '../customization/site-customization';
import { verifyVisitorToken, VisitorTokenError } from './visitor-token';
import { visibleStructure } from './visible-structure';

export interface AudienceCredentials {
  shareKey?: string;
  visitorToken?: string;
  unsignedClaims?: string;
}

const STRUCTURE = structureJson('st.id');

/**
 * A site of an organization, its structure for the audience, and whether `$3` (null: none) is
 * the key HMAC of one of its active share links: a published read in one round trip.
 */
const FIND_PUBLISHED = preparedStatement(
  'sites_find_published',
  `SELECT ${siteColumns('st')}, ${STRUCTURE.groups} AS groups, ${STRUCTURE.sections} AS sections, ${STRUCTURE.siteSpaces} AS site_spaces,
          EXISTS (SELECT 1 FROM site_share_links l WHERE l.key_hmac = $3 AND l.active AND l.site_id = st.id) AS share_key_valid
     FROM sites st
    WHERE st.id = $2 AND st.organization_id = $1`,
);

/**
 * The published site as its audience sees it (reference `getPublishedContentSite`), for any
 * authenticated caller: being a member of the organization grants nothing here. An unpublished
 * site is a 404; a share-link site needs the key of one of its active share links; a
 * visitor-auth site a visitor JWT signed with its key. Conditions are evaluated against the
 * visitor's claims (none without a token).
 */
@Injectable()
export class PublishedSiteService {
  constructor(
    private readonly sql: SqlPool,
    private readonly siteService: SitesService,
    private readonly shareLinks: ShareLinksService,
    private readonly reader: SiteStructureReader,
    private readonly sitePresenter: SitePresenter,
    private readonly structurePresenter: SiteStructurePresenter,
    private readonly clock: Clock,
  ) {}

  async read(organizationId: string, siteId: string, credentials: AudienceCredentials) {
    const { site, structure, visible, shareKey } = await this.audience(organizationId, siteId, credentials);
    const view = { viewer: 'audience' as const, shareKey };
    return {
      object: 'published-content-site' as const,
      // The audience's structure holds every site space of a live space: what `siteSpaces` counts.
      site: this.sitePresenter.present(site, siteSpaceCount(structure), shareKey),
      structure: this.structurePresenter.structure(visible, view),
      customizations: publishedCustomizations(site, visible),
      scripts: [],
    };
  }

  /**
   * A published site as the caller's credentials open it (404 otherwise): the site, its whole
   * audience structure, what the visitor's claims show of it, and the share key that opened it.
   */
  async audience(organizationId: string, siteId: string, credentials: AudienceCredentials): Promise<{ site: SiteEntity; structure: SiteStructure; visible: SiteStructure; shareKey?: string }> {
    const shareKeyHmac = credentials.shareKey === undefined ? null : this.shareLinks.hmacOf(credentials.shareKey);
    const row = await this.sql.first<Record<string, any> & StructureJson & { share_key_valid: boolean }>(FIND_PUBLISHED, [organizationId, siteId, shareKeyHmac]);
    const site = row && siteFromRow(row);
    if (!row || !site || !site.published) throw new NotFoundException(`No published site has the id ${siteId}.`);
    let shareKey: string | undefined;
    if (site.visibility === 'share-link') {
      if (!row.share_key_valid) throw new NotFoundException(`Site ${siteId} is published by share link: give the key of one of its active share links as shareKey.`);
      shareKey = credentials.shareKey;
    }
    const claims = await this.claimsOf(site, credentials);
    const structure = this.reader.fromJson(site, row, 'audience');
    return { site, structure, visible: visibleStructure(structure, claims), shareKey };
  }

  /** The visitor's claims: the token's (required on visitor-auth sites) and the unsigned ones under `unsigned`. */
  private async claimsOf(site: SiteEntity, credentials: AudienceCredentials): Promise<Record<string, unknown>> {
    let signed: Record<string, unknown> = {};
    if (credentials.visitorToken !== undefined || site.visibility === 'visitor-auth') {
      try {
        if (credentials.visitorToken === undefined) throw new VisitorTokenError('give a visitor token as jwt_token');
        signed = await verifyVisitorToken(credentials.visitorToken, this.siteService.visitorKey(site), adaptiveSchemaOf(site), this.clock.now());
      } catch (error) {
        if (!(error instanceof VisitorTokenError)) throw error;
        if (site.visibility === 'visitor-auth') throw new NotFoundException(`Site ${site.id} is for authenticated visitors: ${error.message}.`);
        throw new BadRequestException(`jwt_token: ${error.message}.`);
      }
    }
    let unsigned: unknown = {};
    if (credentials.unsignedClaims !== undefined) {
      try {
        unsigned = JSON.parse(credentials.unsignedClaims);
      } catch {
        throw new BadRequestException('unsignedClaims must be a JSON object.');
      }
      if (!unsigned || typeof unsigned !== 'object' || Array.isArray(unsigned)) throw new BadRequestException('unsignedClaims must be a JSON object.');
      const schema = adaptiveSchemaOf(site);
      const empty = Object.keys(unsigned as object).length === 0;
      const problem = schema ? claimsChecker(schema, 'unsigned')(unsigned) : empty ? null : 'the site has no adaptive schema';
      if (problem) throw new BadRequestException(`unsignedClaims: ${problem}.`);
    }
    return { ...signed, unsigned };
  }
}

function siteSpaceCount(structure: SiteStructure): number {
  let count = 0;
  for (const list of structure.siteSpaces.values()) count += list.length;
  return count;
}

/** The site's customization, and what each site space the visitor sees shows where it overrides any of it. */
function publishedCustomizations(site: SiteEntity, visible: SiteStructure) {
  const siteSpaces: Record<string, object> = {};
  for (const list of visible.siteSpaces.values()) for (const siteSpace of list) if (siteSpace.customization) siteSpaces[siteSpace.id] = siteSpaceCustomizationOf(site, siteSpace);
  return { site: siteCustomizationOf(site), siteSpaces };
}
