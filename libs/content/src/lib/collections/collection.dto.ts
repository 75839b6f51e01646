import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MEMBER_ROLES } from '@docs/identity';
import { ListEnvelopeDto } from '@docs/platform';
import type { DefaultLevel } from '../permissions/content-permissions';

export class CollectionUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri' }) app: string;
}

export class CollectionPermissionsDto {
  @ApiProperty() view: boolean;
  @ApiProperty() admin: boolean;
  @ApiProperty() viewInviteLinks: boolean;
  @ApiProperty({ description: 'Can create spaces and collections in it.' }) create: boolean;
}

export class CollectionDto {
  @ApiProperty({ enum: ['collection'] }) object: 'collection';
  @ApiProperty() id: string;
  @ApiProperty({ maxLength: 50 }) title: string;
  @ApiPropertyOptional({ maxLength: 100 }) description?: string;
  @ApiProperty({ description: 'The owning organization.' }) organization: string;
  @ApiPropertyOptional({ description: 'The parent collection; absent at the top level.' }) parent?: string;
  @ApiProperty({ enum: [...MEMBER_ROLES, 'inherit'], nullable: true }) defaultLevel: DefaultLevel;
  @ApiProperty({ type: CollectionUrlsDto }) urls: CollectionUrlsDto;
  @ApiProperty({ type: CollectionPermissionsDto, description: "The caller's." }) permissions: CollectionPermissionsDto;
}

export class CollectionListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [CollectionDto] }) items: CollectionDto[];
}
