import { ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';
import { flattenValidationErrors } from './flatten-validation-errors';

/**
 * The one validation pipe of every app: unknown fields are refused (`forbidNonWhitelisted`),
 * values are converted to the DTO's types, and the 400 message names each failing field.
 * A request body must be a JSON object; an absent body counts as `{}` so that missing
 * required fields are reported by name.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
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
    return super.transform(value, metadata);
  }
}
