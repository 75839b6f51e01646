import { applyDecorators, BadRequestException, createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery } from '@nestjs/swagger';
import { ApiExtraRequestContent, ApiValidationPipe, bodyMediaType, IMPORT_BODY_TYPES, takesRawImportBody } from '@docs/platform';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { ImportBodyQueryDto } from './dto/import-body-query.dto';
import { ImportContentDto } from './dto/import-content.dto';
import { FILE_SOURCES, ImportSource, SOURCE_OF_MEDIA_TYPE } from './import-sources';

/** What an import request asks for: a source at a URL (JSON body), or the file sent as the body, streamed. */
export type ImportInput =
  | { kind: 'url'; source: ImportSource; url: string }
  | { kind: 'body'; source: ImportSource; name: string; stream: Readable; contentLength?: string; contentType: string };

/**
 * Reads an import request as an `ImportInput`: the query is validated as `ImportBodyQueryDto`
 * (its values only matter with a raw body); a JSON body is validated as `ImportContentDto`; a
 * body of one of `IMPORT_BODY_TYPES` is left unread (the service streams it once the caller may
 * write). Same validation rules and messages as
 * every other body and query (`ApiValidationPipe`).
 */
@Injectable()
export class ImportInputPipe implements PipeTransform<Request, Promise<ImportInput>> {
  private readonly validation = new ApiValidationPipe();

  async transform(req: Request): Promise<ImportInput> {
    // The query is checked whatever the body (unknown or bad parameters are a 400); a JSON body says its own source.
    const query = (await this.validation.transform(req.query, { type: 'query', metatype: ImportBodyQueryDto })) as ImportBodyQueryDto;
    if (!takesRawImportBody(req)) {
      const body = (await this.validation.transform(req.body, { type: 'body', metatype: ImportContentDto })) as ImportContentDto;
      return { kind: 'url', source: body.source, url: body.url };
    }
    const contentType = bodyMediaType(req);
    const source = query.source ?? SOURCE_OF_MEDIA_TYPE[contentType];
    if (!source) {
      throw new BadRequestException(`source: a body of type ${contentType} needs ?source=${FILE_SOURCES.join('|')} in the query.`);
    }
    return {
      kind: 'body',
      source,
      name: query.name ?? `imported.${source === 'markdown' ? 'md' : source}`,
      stream: req,
      contentLength: req.headers['content-length'],
      contentType,
    };
  }
}

/** The import request of the handler (`ImportInputPipe`). */
export const ImportRequest = (): ParameterDecorator => createParamDecorator((_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<Request>())(ImportInputPipe);

/** The OpenAPI description of an import's two bodies: JSON `{url, source}`, or the file itself with `source` in the query. */
export function ApiImportBody(): MethodDecorator {
  return applyDecorators(
    ApiConsumes('application/json'),
    ApiBody({
      type: ImportContentDto,
      description:
        'JSON `{url, source}`, or the file to import itself (a zip archive, a markdown, HTML or docx document) as the raw body, streamed to a temporary file, up to IMPORT_MAX_BYTES: no base64, no JSON size limit.',
    }),
    ApiQuery({ name: 'source', required: false, enum: FILE_SOURCES, description: 'Only with a raw body: what it is (default: told by its Content-Type).' }),
    ApiQuery({ name: 'name', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Only with a raw body: the file name it had (the title of a page without a heading).' }),
    ApiExtraRequestContent(
      Object.fromEntries(
        IMPORT_BODY_TYPES.map((type) => [
          type,
{ schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    ),
  );
}
