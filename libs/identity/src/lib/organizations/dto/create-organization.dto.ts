import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ORGANIZATION_TYPES, OrganizationType } from '../organization.entity';

export class CreateOrganizationDto {
  @ApiProperty({ minLength: 2, maxLength: 255 })
  @IsString()
  @MinLength(2)
  @MaxLength(255)
  title: string;

  @ApiPropertyOptional({ enum: ORGANIZATION_TYPES, default: 'business' })
  @IsOptional()
  @IsIn(ORGANIZATION_TYPES)
  type?: OrganizationType;
}
