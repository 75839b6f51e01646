import { BadRequestException, Controller, ForbiddenException, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors, FREE_FORM_MARK, Public } from '@docs/platform';
import type { Response } from 'express';
import { OpenApiSpecVersionsService } from './openapi-spec-versions.service';
import { PUBLISHED_SPECS_PATH, SPEC_FILES_PATH, SpecFileUrls } from './spec-file-urls';

/** Bounds of a file's path in a version (`{path}`, its segments joined by `/`). */
const FILE_PATH_MAX = 2048;

/** `*path` parameters come as their segments. */
function joined(path: string | string[]): string {
  const text = Array.isArray(path) ? path.join('/') : path;
  if (text.length === 0 || text.length > FILE_PATH_MAX) throw new BadRequestException(`path must be 1 to ${FILE_PATH_MAX} characters`);
  if (text.includes('\u0000')) throw new BadRequestException('path must not contain the NUL character (U+0000)');
  return text;
}

const FILE_PATH = { type: 'string', minLength: 1, maxLength: FILE_PATH_MAX };

/**
 * A file is served as its author wrote it: YAML as text; JSON (the entry, an object, or a file its
 * `$ref`s reach, an object or an array) as the JSON value it is, whatever members it has.
 */
const SERVED = {
  description: "The file's text as fetched, as application/json or application/yaml.",
  content: {
    'application/yaml': { schema: { type: 'string' } },
    'application/json': {
      schema: {
        description: 'The JSON file as its author wrote it: an OpenAPI document, or a file its `$ref`s reach.',
        anyOf: [{ type: 'object' }, { type: 'array', items: {} }],
        [FREE_FORM_MARK]: 'A spec file served as fetched: its members are its author\'s.',
      },
    },
  },
};

/**
 * The files of spec versions, without a token: by the signed URL of a version (`url` of a
 * version and of its content), and, for public specs, the latest version by organization and slug
 * (`urls.published`). Relative `$ref`s of the entry resolve to the files next to it.
 */
@ApiTags('openapi-versions')
@Controller()
export class SpecFilesController {
  constructor(
    private readonly versions: OpenApiSpecVersionsService,
    private readonly urls: SpecFileUrls,
  ) {}

  @Public()
  @Get(`${SPEC_FILES_PATH}/:versionId/:signature/*path`)
  @ApiOperation({ operationId: 'getOpenAPISpecVersionFile', summary: "A file of a spec version, by the version's signed URL (no bearer token).", security: [] })
  @ApiParam({ name: 'path', schema: FILE_PATH, description: "The file's path in the version (the entry's name, or a path its $refs reach)." })
  @ApiOkResponse(SERVED)
  @ApiErrors(400, 403, 404)
  async versionFile(@Param('versionId') versionId: string, @Param('signature') signature: string, @Param('path') path: string | string[], @Res() res: Response): Promise<void> {
    const filePath = joined(path);
    if (!(await this.urls.verify(versionId, signature))) throw new ForbiddenException('This URL is not valid (its signature does not match): use the url of a version as given.');
    const file = await this.versions.file(versionId, filePath);
    if (!file) throw new NotFoundException('This version has no such file.');
    // A version never changes: its files can be cached for good.
    this.send(res, file, 'public, max-age=31536000, immutable');
  }

  @Public()
  @Get(`${PUBLISHED_SPECS_PATH}/:organizationId/:specSlug/*path`)
  @ApiOperation({ operationId: 'getPublishedOpenAPISpecFile', summary: 'A file of the latest version of a public spec (no bearer token); 404 for a private one.', security: [] })
  @ApiParam({ name: 'path', schema: FILE_PATH, description: "The file's path in the latest version." })
  @ApiOkResponse(SERVED)
  @ApiErrors(400, 404)
  async publishedFile(@Param('organizationId') organizationId: string, @Param('specSlug') slug: string, @Param('path') path: string | string[], @Res() res: Response): Promise<void> {
    const filePath = joined(path);
    const version = await this.versions.publicLatest(organizationId, slug);
    const file = version ? await this.versions.file(version.id, filePath) : undefined;
    if (!file) throw new NotFoundException('No public OpenAPI spec has such a file.');
    this.send(res, file, 'public, max-age=60');
  }

  private send(res: Response, file: { mediaType: string; text: string }, cacheControl: string): void {
    res.status(200);
    res.setHeader('Content-Type', `${file.mediaType}; charset=utf-8`);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    // Viewers on other origins (Swagger UI, Scalar, Redoc) fetch specs by URL.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end(file.text);
  }
}
