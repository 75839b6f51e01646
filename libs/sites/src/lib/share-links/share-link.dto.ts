import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { WhenPresent } from '@docs/content';
import { IsBoolean, IsString, MaxLength } from 'class-validator';

export class ShareLinkUrlsDto {
  @ApiProperty({ format: 'uri', description: 'The site with the key: who has it can read the site.' }) published: string;
}

export class ShareLinkDto {
  @ApiProperty({ enum: ['share-link'] }) object: 'share-link';
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ maxLength: 50 }) name: string;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: ShareLinkUrlsDto }) urls: ShareLinkUrlsDto;
}

export class ShareLinkListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [ShareLinkDto] }) items: ShareLinkDto[];
}

export class CreateShareLinkDto {
  @ApiProperty({ maxLength: 50 })
  @IsString()
  @MaxLength(50)
  name: string;
}

export class UpdateShareLinkDto {
  @ApiPropertyOptional({ description: 'false: its key stops opening the site.' })
  @WhenPresent()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ maxLength: 50 })
  @WhenPresent()
  @IsString()
  @MaxLength(50)
  name?: string;
}
