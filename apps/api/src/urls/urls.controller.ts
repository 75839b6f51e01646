import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, referenceSchema } from '@docs/platform';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ContentByUrl } from './content-by-url';
import { EmbedByUrl, LinkEmbed } from './embed-by-url';

export class UrlQueryDto {
  @ApiProperty({ maxLength: 2048, description: 'An absolute http(s) URL.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  url: string;
}

/** The reference's answer of getContentByUrl: a collection, or a space's content. */
const CONTENT_SCHEMA: SchemaObject = {
  oneOf: [
    { type: 'object', description: 'URL resolved to a collection', properties: { collection: referenceSchema('Collection') }, required: ['collection'] },
    {
      type: 'object',
      description: 'URL resolved to the content of a space',
      properties: {
        space: referenceSchema('Space'),
        changeRequest: referenceSchema('ChangeRequest'),
        page: { oneOf: [referenceSchema('RevisionPageDocument'), referenceSchema('RevisionPageGroup')] },
      },
      required: ['space'],
    },
  ],
};

@ApiTags('urls')
@Controller('v1/urls')
export class UrlsController {
  constructor(
    private readonly content: ContentByUrl,
    private readonly embeds: EmbedByUrl,
  ) {}

  @Get('content')
  @ApiOperation({ operationId: 'getContentByUrl', summary: 'The collection, or the space (with change request and page), an app or published URL shows, as the caller may read it.' })
  @ApiOkResponse({ schema: CONTENT_SCHEMA })
  @ApiErrors(400, 404)
  async getContent(@CurrentCaller() caller: Caller, @Query() query: UrlQueryDto) {
    return (await this.content.resolve(query.url, caller)).body;
  }

  @Get('embed')
  @ApiOperation({ operationId: 'getEmbedByUrl', summary: 'A link card for a URL: titles of our own app and published URLs; the URL and its host for any other.' })
  @ApiOkResponse({ schema: referenceSchema('Embed'), description: 'Always the `link` kind here.' })
  @ApiErrors(400)
  getEmbed(@CurrentCaller() caller: Caller, @Query() query: UrlQueryDto): Promise<LinkEmbed> {
    return this.embeds.embed(query.url, caller);
  }
}
