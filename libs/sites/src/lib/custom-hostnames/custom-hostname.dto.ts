import { ApiProperty } from '@nestjs/swagger';

export class CustomHostnameTargetDto {
  @ApiProperty({ enum: ['site'] }) type: 'site';
  @ApiProperty() site: string;
}

export class CustomHostnameUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
}

/** The reference's `CustomHostname`: a site's hostname, whether the site server answers it, and what DNS says. */
export class CustomHostnameDto {
  @ApiProperty({ enum: ['custom-hostname'] }) object: 'custom-hostname';
  @ApiProperty({ maxLength: 512 }) hostname: string;
  @ApiProperty({ type: CustomHostnameTargetDto }) target: CustomHostnameTargetDto;
  @ApiProperty({ description: 'Whether the site server answers the hostname now: its site is published.' }) isActive: boolean;
  @ApiProperty({
    enum: ['dns_passed', 'dns_wrong_cname', 'dns_no_cname', 'internal_error'],
    description: "The last DNS check (at most 10 minutes old): whether the hostname points at PUBLISHED_URL's host.",
  })
  status: string;
  @ApiProperty({ type: CustomHostnameUrlsDto }) urls: CustomHostnameUrlsDto;
}
