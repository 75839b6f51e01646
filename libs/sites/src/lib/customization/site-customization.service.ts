import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock } from '@docs/platform';
import { DataSource } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import type { SiteStructure } from '../structure/site-structure';
import { requireSiteSpace } from '../site-spaces/site-spaces.service';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import { SiteEntity } from '../sites/site.entity';
import { overridesProblem, settingsProblem } from './customization-schemas';
import { applyOverrides, patchOverrides, SiteCustomization, siteCustomizationOf, siteSpaceCustomizationOf } from './site-customization';

/**
 * A site's customization (`PUT` replaces it whole) and what each site space overrides of it
 * (`PATCH` field by field, `null` resetting one; `DELETE` all). Every input is checked against
 * the reference's schema before anything is written, and so is what a site space would then
 * show: a refused change stores nothing.
 */
@Injectable()
export class SiteCustomizationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  site(context: SiteContext): SiteCustomization {
    return siteCustomizationOf(context.site);
  }

  /**
   * A 400 unless `body` is whole settings of the reference's shape. The controller asks before it
   * resolves the site: malformed input is a 400 whatever the path names (as the validation pipe
   * does for every other body).
   */
  checkSettings(body: unknown): SiteCustomization {
    const problem = settingsProblem(body);
    if (problem) throw new BadRequestException(problem);
    return body as SiteCustomization;
  }

  /** A 400 unless `patch` is overrides of the reference's shape (asked before the site is resolved, as `checkSettings`). */
  checkOverrides(patch: unknown): SiteCustomization {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw new BadRequestException('The request body must be a JSON object.');
    const problem = overridesProblem(patch);
    if (problem) throw new BadRequestException(problem);
    return patch as SiteCustomization;
  }

  /** Replaces the site's settings with `customization` (checked by `checkSettings`). */
  async replace(context: SiteContext, customization: SiteCustomization): Promise<SiteCustomization> {
    await this.dataSource.transaction(async (tx) => {
      // The site spaces' overrides over the new settings must still make valid settings.
      const siteSpaces = await tx.find(SiteSpaceEntity, { where: { siteId: context.site.id }, lock: { mode: 'pessimistic_write' } });
      for (const siteSpace of siteSpaces) {
        if (!siteSpace.customization) continue;
        const shown = settingsProblem(applyOverrides(customization, siteSpace.customization as SiteCustomization));
        if (shown) throw new BadRequestException(`With the overrides of site space ${siteSpace.id}: ${shown}`);
      }
      await tx.update(SiteEntity, { id: context.site.id }, { customization, updatedAt: this.clock.now() });
    });
    return customization;
  }

  /** What a site space shows (the site's customization and its overrides), for a caller who sees it in `structure`. */
  siteSpace(context: SiteContext, structure: SiteStructure, siteSpaceId: string): SiteCustomization {
    return siteSpaceCustomizationOf(context.site, requireSiteSpace(structure, siteSpaceId));
  }

  /** Applies `patch` (checked by `checkOverrides`) to a site space's overrides. */
  async override(context: SiteContext, siteSpaceId: string, patch: SiteCustomization): Promise<SiteCustomization> {
    return this.dataSource.transaction(async (tx) => {
      const siteSpace = await this.lockSiteSpace(tx.getRepository(SiteSpaceEntity), context, siteSpaceId);
      const overrides = patchOverrides(siteSpace.customization as SiteCustomization | null, patch);
      const shown = siteSpaceCustomizationOf(context.site, { customization: overrides });
      const invalid = settingsProblem(shown);
      if (invalid) throw new BadRequestException(`With these overrides, ${invalid}`);
      await tx.update(SiteSpaceEntity, { id: siteSpace.id }, { customization: overrides });
      return shown;
    });
  }

  async reset(context: SiteContext, siteSpaceId: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const siteSpace = await this.lockSiteSpace(tx.getRepository(SiteSpaceEntity), context, siteSpaceId);
      if (siteSpace.customization !== null) await tx.update(SiteSpaceEntity, { id: siteSpace.id }, { customization: null });
    });
  }

  private async lockSiteSpace(repository: ReturnType<DataSource['getRepository']>, context: SiteContext, siteSpaceId: string): Promise<SiteSpaceEntity> {
    const siteSpace = (await repository.findOne({ where: { id: siteSpaceId, siteId: context.site.id }, lock: { mode: 'pessimistic_write' } })) as SiteSpaceEntity | null;
    if (!siteSpace) throw new NotFoundException(`No site space of this site has the id ${siteSpaceId}.`);
    return siteSpace;
  }
}
