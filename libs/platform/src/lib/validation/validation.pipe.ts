import { ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';
import type { DtoClass } from './dto-shape';
import { flattenValidationErrors } from './flatten-validation-errors';
import { inspectInput, pathParameterProblem } from './input-hygiene';

/**
 * The one validation pipe of every app, so every DTO gets the same input rules for free:
 * - a request body must be a JSON object; an absent body counts as `{}` (so missing required
 *   fields are reported by name), a JSON `null` is a 400 like any other non-object;
 * - `inspectInput`: no NUL characters (body, query and path), strings trimmed before they are
 *   validated, `null` only where declared nullable, "is required", no repeated query parameters;
 * - then the DTO's class-validator rules: unknown fields refused (`forbidNonWhitelisted`),
 *   values converted to the DTO's types, and each failing field named by its full path.
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
    // What ValidationPipe would do, without its work per request: custom decorators (the caller)
    // are not validated, and a string path parameter is returned as it is.
    if (metadata.type === 'custom') return value;
    if (metadata.type === 'param') {
      const problem = pathParameterProblem(metadata.data ?? 'path', value);
      if (problem) throw new BadRequestException(problem);
      if (metadata.metatype === String && typeof value === 'string') return value;
      return super.transform(value, metadata);
    }
    if (metadata.type !== 'body' && metadata.type !== 'query') return super.transform(value, metadata);

    const dto = metadata.metatype && this.toValidate(metadata) ? (metadata.metatype as DtoClass) : undefined;
    if (metadata.type === 'body' && dto) {
      if (value === undefined) value = {};
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new BadRequestException(`The request body must be a JSON object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`);
      }
    }
    if (metadata.type === 'query' && value === undefined) value = {};
    if (metadata.type === 'query' && metadata.data) {
      // @Query('name'): a single parameter, named by the decorator.
      const { value: inspected, problems } = inspectInput({ [metadata.data]: value }, undefined, 'query');
      if (problems.length > 0) throw new BadRequestException(problems.join('; '));
      return super.transform((inspected as Record<string, unknown>)[metadata.data], metadata);
    }

    const { value: normalized, problems, paths } = inspectInput(value, dto, metadata.type);
    try {
      const result = await super.transform(normalized, metadata);
      if (problems.length > 0) throw new BadRequestException(problems.join('; '));
      return result;
    } catch (error) {
      if (problems.length === 0 || !(error instanceof BadRequestException)) throw error;
      // Report each field once: the input rules' sentence, then the validators' for the other fields.
      const others = messageParts(error).filter((message) => !paths.some((path) => namesPath(message, path)));
      throw new BadRequestException([...problems, ...others].join('; '));
    }
  }
}

function messageParts(error: BadRequestException): string[] {
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String);
  return typeof message === 'string' ? message.split('; ') : [];
}

function namesPath(message: string, path: string): boolean {
  return message.startsWith(`${path} `) || message.startsWith(`${path}.`) || message.startsWith(`${path}[`) || message.startsWith(`${path}:`);
}
