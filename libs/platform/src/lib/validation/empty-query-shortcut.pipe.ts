import { ArgumentMetadata, Injectable } from '@nestjs/common';
import { EmptyQueryCache, isEmptyQuery } from './empty-query-cache';
import { ApiValidationPipe } from './validation.pipe';

/**
 * The validation pipe the apps install: `ApiValidationPipe`, except that a request without a
 * query string reuses what validating `{}` gave for its DTO (see EmptyQueryCache) instead of
 * running class-transformer and class-validator on every GET. Every other input, bodies and
 * non-empty queries, goes through `ApiValidationPipe` unchanged.
 */
@Injectable()
export class EmptyQueryShortcutPipe extends ApiValidationPipe {
  private readonly emptyQueries = new EmptyQueryCache();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const wholeEmptyQuery = metadata.type === 'query' && !metadata.data && (value === undefined || isEmptyQuery(value)) && this.toValidate(metadata);
    if (!wholeEmptyQuery) return super.transform(value, metadata);
    const metatype = metadata.metatype!;
    const known = this.emptyQueries.copy(metatype);
    if (known) return known;
    const transformed = await super.transform(value, metadata);
    this.emptyQueries.remember(metatype, transformed);
    return transformed;
  }
}
