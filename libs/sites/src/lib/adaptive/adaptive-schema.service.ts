import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock } from '@docs/platform';
import { Repository } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { claimCatalog } from '../conditions/claim-catalog';
import { adaptiveSchemaOf, SiteEntity } from '../sites/site.entity';
import { AdaptiveSchemaError, DRAFT_07, validateAdaptiveSchema } from './adaptive-schema';
import { TemplateCondition, templateConditions } from './template-conditions';

export interface AdaptiveSchemaView {
  object: 'site-adaptive-schema';
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
}

/** A site that never had one reports an empty schema (no claims), dated from the site's creation. */
const EMPTY_SCHEMA = { $schema: DRAFT_07, type: 'object', properties: {}, additionalProperties: false };

@Injectable()
export class AdaptiveSchemaService {
  constructor(
    @InjectRepository(SiteEntity) private readonly sites: Repository<SiteEntity>,
    private readonly clock: Clock,
  ) {}

  view(site: SiteEntity): AdaptiveSchemaView {
    return {
      object: 'site-adaptive-schema',
      jsonSchema: adaptiveSchemaOf(site) ?? EMPTY_SCHEMA,
      updatedAt: (site.adaptiveSchemaUpdatedAt ?? site.createdAt).toISOString(),
    };
  }

  /**
   * Replaces the schema. Conditions written against claims it no longer declares stay stored and
   * count as false for visitors until they are fixed (a condition is checked when it is written).
   */
  async replace(context: SiteContext, jsonSchema: unknown): Promise<AdaptiveSchemaView> {
    try {
      validateAdaptiveSchema(jsonSchema);
    } catch (error) {
      if (error instanceof AdaptiveSchemaError) throw new BadRequestException(error.message);
      throw error;
    }
    const now = this.clock.now();
    const changes = { adaptiveSchema: jsonSchema, adaptiveSchemaUpdatedAt: now, updatedAt: now };
    // Raw SQL: TypeORM's deep-partial typing of a JSON column never ends.
    await this.sites.query(`UPDATE sites SET adaptive_schema = $1::jsonb, adaptive_schema_updated_at = $2, updated_at = $2 WHERE id = $3`, [
      JSON.stringify(jsonSchema),
      now,
      context.site.id,
    ]);
    return this.view(Object.assign(context.site, changes));
  }

  templateConditions(site: SiteEntity): TemplateCondition[] {
    return templateConditions(claimCatalog(adaptiveSchemaOf(site)));
  }
}
