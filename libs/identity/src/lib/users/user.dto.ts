import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class UserUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
}

export class UserDto {
  @ApiProperty({ enum: ['user'] }) object: 'user';
  @ApiProperty() id: string;
  @ApiProperty() displayName: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional() photoURL?: string;
  @ApiProperty({ type: UserUrlsDto }) urls: UserUrlsDto;
}
