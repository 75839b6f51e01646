import { ApiPropertyOptional } from '@nestjs/swagger';
import { MEMBER_ROLES } from '@docs/identity';
import { IsString, MaxLength } from 'class-validator';
import type { DefaultLevel } from '../../permissions/content-permissions';
import { IsDefaultLevel } from '../../permissions/is-default-level.decorator';
import { WhenNotNull, WhenPresent } from '../../validation/when-present.decorator';

/** Body of `PATCH /v1/collections/{collectionId}`: every field optional. */
export class UpdateCollectionDto {
  @ApiPropertyOptional({ maxLength: 50 })
  @WhenPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  @ApiPropertyOptional({ type: String, maxLength: 100, nullable: true, description: 'null removes it.' })
  @WhenNotNull()
  @IsString()
  @MaxLength(100)
  description?: string | null;

  @ApiPropertyOptional({
    enum: [...MEMBER_ROLES, 'inherit'],
    nullable: true,
    description: 'Caps the level of members on the collection and what inherits from it; null: members get no access.',
  })
  @IsDefaultLevel()
  defaultLevel?: DefaultLevel;
}
