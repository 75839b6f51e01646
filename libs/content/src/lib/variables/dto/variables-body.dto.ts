import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';

/**
 * Body of `PUT .../content/variables` (the whole map) and `PATCH` (merged into it): the
 * reference's `Variables`, names checked by `requireVariables`.
 */
export class VariablesBodyDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string', maxLength: 256 }, { type: 'number' }, { type: 'boolean' }] },
    description: 'Name -> value (a string of at most 256 characters, a number or a boolean).',
  })
  @IsObject()
  variables: Record<string, unknown>;
}
