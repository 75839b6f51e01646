import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsString, ValidateNested } from 'class-validator';

export const STRUCTURE_ITEM_TYPES = ['site-space', 'site-section', 'site-section-group'] as const;
export type StructureItemType = (typeof STRUCTURE_ITEM_TYPES)[number];

export class StructureItemPointerDto {
  @ApiProperty({ enum: STRUCTURE_ITEM_TYPES })
  @IsIn(STRUCTURE_ITEM_TYPES)
  type: StructureItemType;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  id: string;
}

export class StructurePositionDto {
  @ApiPropertyOptional({ type: StructureItemPointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => StructureItemPointerDto)
  before?: StructureItemPointerDto;

  @ApiPropertyOptional({ type: StructureItemPointerDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => StructureItemPointerDto)
  after?: StructureItemPointerDto;
}

/** Body of `PATCH .../structure/sort` (reference `sortSiteStructure`). */
export class SortStructureDto {
  @ApiProperty({ type: StructureItemPointerDto, description: 'The item to move.' })
  @IsObject()
  @ValidateNested()
  @Type(() => StructureItemPointerDto)
  item: StructureItemPointerDto;

  @ApiProperty({ type: StructurePositionDto, description: 'Before or after another item; {}: the end of its list.' })
  @IsObject()
  @ValidateNested()
  @Type(() => StructurePositionDto)
  position: StructurePositionDto;
}
