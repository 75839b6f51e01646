import { ArgumentMetadata, Injectable } from '@nestjs/common';
import { QueryValidationCache } from './query-validation-cache';
import { ApiValidationPipe } from './validation.pipe';

/**
 * The validation pipe the apps install: `ApiValidationPipe`, except that a query string it
 * validated recently for the same DTO is answered from QueryValidationCache instead of running
 * class-transformer and class-validator again. Bodies, path parameters and single `@Query('x')`
 * parameters go through `ApiValidationPipe` unchanged.
 */
@Injectable()
export class CachedQueryValidationPipe extends ApiValidationPipe {
  private readonly queries = new QueryValidationCache();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const key = metadata.type === 'query' && !metadata.data && this.toValidate(metadata) ? this.queries.keyOf(value) : undefined;
    if (key === undefined) return super.transform(value, metadata);
    const metatype = metadata.metatype!;
    const known = this.queries.copy(metatype, key);
    if (known) return known;
    const transformed = await super.transform(value, metadata);
    this.queries.remember(metatype, key, transformed);
    return transformed;
  }
}
