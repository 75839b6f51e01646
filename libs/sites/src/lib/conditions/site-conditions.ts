import { BadRequestException } from '@nestjs/common';
import { adaptiveSchemaOf, SiteEntity } from '../sites/site.entity';
import { claimCatalog } from './claim-catalog';
import { ConditionError, parseCondition } from './condition-expression';

/** 400 naming `field` unless `condition` is a valid condition over the claims of the site's adaptive schema. */
export function assertCondition(site: SiteEntity, condition: string, field = 'condition'): void {
  try {
    parseCondition(condition, claimCatalog(adaptiveSchemaOf(site)));
  } catch (error) {
    if (error instanceof ConditionError) throw new BadRequestException(`${field}: ${error.message}.`);
    throw error;
  }
}
