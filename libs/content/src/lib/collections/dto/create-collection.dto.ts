import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { WhenPresent } from '../../validation/when-present.decorator';

/** Body of `POST /v1/orgs/{organizationId}/collections`. */
export class CreateCollectionDto {
  @ApiPropertyOptional({ maxLength: 50, default: 'Untitled' })
  @WhenPresent()
  @IsString()
  @MaxLength(50)
  title?: string;

  @ApiPropertyOptional({ description: 'The collection to create it in (needs the create level there); absent: the top level.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  parent?: string;
}
