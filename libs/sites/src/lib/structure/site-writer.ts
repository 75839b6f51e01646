import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';
import type { SiteStructure } from './site-structure';
import { SiteStructureReader } from './site-structure.reader';

const CLASHES: Record<string, string> = {
  site_sections_path_key: 'Another section of this site has this path.',
  sites_hostname_key: 'Another site already uses this hostname.',
  sites_basename_key: 'Another site of this organization already uses this basename.',
};

/**
 * Every change of a site's structure runs here: in one transaction holding the site's advisory
 * lock (two changes never compute the same order key, or both take the last free path), with
 * the whole structure loaded (every row, deleted spaces included), and ends by restoring the
 * default rules: exactly one default section when there are sections, exactly one default site
 * space in each section (or at the root), the first in order when the default went away.
 */
@Injectable()
export class SiteWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: SiteStructureReader,
  ) {}

  async change<T>(site: SiteEntity, work: (tx: EntityManager, structure: SiteStructure) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`site-structure:${site.id}`]);
        const result = await work(tx, await this.reader.loadForChange(site, tx));
        await this.repairDefaults(tx, await this.reader.loadForChange(site, tx));
        return result;
      });
    } catch (error) {
      throw clashOf(error) ?? error;
    }
  }

  private async repairDefaults(tx: EntityManager, structure: SiteStructure): Promise<void> {
    const { sections } = structure;
    if (sections.length > 0 && !sections.some((section) => section.isDefault)) {
      await tx.update(SiteSectionEntity, { id: sections[0].id }, { isDefault: true });
    }
    for (const siteSpaces of structure.siteSpaces.values()) {
      if (siteSpaces.length > 0 && !siteSpaces.some((siteSpace) => siteSpace.isDefault)) {
        await tx.update(SiteSpaceEntity, { id: siteSpaces[0].id }, { isDefault: true });
      }
    }
  }
}

/** A unique violation of a known constraint as a 409 that says what clashed. */
export function clashOf(error: unknown): ConflictException | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driver = error.driverError as { code?: string; constraint?: string };
  if (driver.code !== '23505') return undefined;
  return new ConflictException(CLASHES[driver.constraint ?? ''] ?? 'This conflicts with an existing object.');
}
