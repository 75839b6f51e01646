import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules, Verbatim } from '@docs/platform';
import { WhenPresent } from '@docs/content';
import { IsObject, IsString, MaxLength } from 'class-validator';
import { COMMENT_BODY_MAX } from '../comment-body';

/**
 * The reference's Document as a comment or reply body: `{markdown}` or `{document}` (a
 * JSONDocument). The reference's third form, `{}`, is an empty body: refused.
 */
@ApiSchemaRules({ oneOf: [{ required: ['markdown'] }, { required: ['document'] }] })
export class CommentBodyDto {
  @ApiPropertyOptional({ maxLength: COMMENT_BODY_MAX, description: 'The body as markdown (kept as sent: not trimmed). Not with `document`.' })
  @WhenPresent()
  @IsString()
  @MaxLength(COMMENT_BODY_MAX)
  @Verbatim()
  markdown?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `The body as the reference's JSONDocument (\`{"object": "document", "nodes": [...]}\`). Not with \`markdown\`; at most ${COMMENT_BODY_MAX} characters once rendered as markdown.`,
  })
  @WhenPresent()
  @IsObject()
  document?: Record<string, unknown>;
}
