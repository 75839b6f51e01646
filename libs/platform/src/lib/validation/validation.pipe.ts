import { ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import type { DtoClass } from './dto-shape';
import { flattenValidationErrors } from './flatten-validation-errors';
import { FreeFormValue, inspectInput, pathParameterProblem } from './input-hygiene';
import { defineOwn } from './own-properties';

/**
 * The one validation pipe of every app, so every DTO gets the same input rules for free:
 * - a request body must be a JSON object; an absent body counts as `{}` (so missing required
 *   fields are reported by name), a JSON `null` is a 400 like any other non-object;
 * - `inspectInput`: bounded nesting, no NUL characters (body, query and path), strings trimmed
 *   before they are validated, `null` only where declared nullable, "is required", arrays and
 *   objects where declared, no unknown field named after an Object.prototype member, no
 *   repeated query parameters;
 * - then the DTO's class-validator rules: unknown fields refused (`forbidNonWhitelisted`),
 *   values converted to the DTO's types, and each failing field named by its full path.
 * class-transformer builds the DTO's instances from the declared parts only: free-form values
 * (documents, configurations, unknown fields' objects) are put back as sent before the
 * validators see them, so none of their keys is dropped or mistaken for a prototype member.
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

    const { value: normalized, skeleton, freeForm, problems, paths } = inspectInput(value, dto, metadata.type);
    let result: unknown;
    try {
      result = dto ? await this.validateDto(dto, skeleton, freeForm) : await super.transform(normalized, metadata);
    } catch (error) {
      if (problems.length === 0) throw error;
      // A validator may fail on what the input rules refused (isEmail on a lone surrogate throws): their sentences stand.
      if (!(error instanceof BadRequestException)) throw new BadRequestException(problems.join('; '));
      // Report each field once: the input rules' sentence, then the validators' for the other fields.
      const others = messageParts(error).filter((message) => !paths.some((path) => namesPath(message, path)));
      throw new BadRequestException([...problems, ...others].join('; '));
    }
    if (problems.length > 0) throw new BadRequestException(problems.join('; '));
    return result;
  }

  /** class-transformer on the declared parts, the free-form values put back, then class-validator. */
  private async validateDto(dto: DtoClass, skeleton: unknown, freeForm: FreeFormValue[]): Promise<unknown> {
    const entity = plainToInstance(dto as new () => object, skeleton, this.transformOptions) as object;
    for (const value of freeForm) restore(entity, value);
    const errors = await this.validate(entity, { ...this.validatorOptions });
    if (errors.length > 0) throw await this.exceptionFactory(errors);
    return entity;
  }
}

/** Puts a free-form value back where class-transformer was given its stand-in. */
function restore(entity: unknown, { path, value }: FreeFormValue): void {
  let holder = entity;
  for (const key of path.slice(0, -1)) {
    if (holder === null || typeof holder !== 'object' || !Object.hasOwn(holder, key)) return;
    holder = (holder as Record<string | number, unknown>)[key];
  }
  if (holder !== null && typeof holder === 'object' && path.length > 0) defineOwn(holder, String(path[path.length - 1]), value);
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
