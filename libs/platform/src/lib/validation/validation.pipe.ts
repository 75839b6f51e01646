import { ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';
import { EmptyQueryCache, isEmptyQuery } from './empty-query-cache';
import { flattenValidationErrors } from './flatten-validation-errors';

/**
 * The one validation pipe of every app: unknown fields are refused (`forbidNonWhitelisted`),
 * values are converted to the DTO's types, and the 400 message names each failing field.
 * A request body must be a JSON object; an absent body counts as `{}` so that missing
 * required fields are reported by name.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  private readonly emptyQueries = new EmptyQueryCache();

  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false, exposeDefaultValues: true },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new BadRequestException(flattenValidationErrors(errors).join('; ')),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      if (value === undefined || value === null) value = {};
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw new BadRequestException('The request body must be a JSON object.');
      }
    }
    if (metadata.type === 'query' && value === undefined) value = {};
    if (metadata.type === 'query' && !metadata.data && this.toValidate(metadata) && isEmptyQuery(value)) return this.emptyQuery(value, metadata);
    return super.transform(value, metadata);
  }

  /** No query string: validated once per DTO, then copies of the result (see EmptyQueryCache). */
  private async emptyQuery(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype!;
    const known = this.emptyQueries.copy(metatype);
    if (known) return known;
    const transformed = await super.transform(value, metadata);
    this.emptyQueries.remember(metatype, transformed);
    return transformed;
  }
}
