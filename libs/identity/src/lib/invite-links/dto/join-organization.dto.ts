import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Body of `joinOrganization` (optional): the invite link to join through; without it, the email domain decides. */
export class JoinOrganizationDto {
  @ApiPropertyOptional({ description: "Extension: the id of an invite link of the organization (the link's secret)." })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  invite?: string;
}
