import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Body of `POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/keep-version`. */
export class KeepVersionDto {
  @ApiProperty({ maxLength: 100, description: "The id of a page the change request's `conflicts` lists." })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  page!: string;
}
