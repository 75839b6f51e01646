import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';

/** One of a person's API tokens, as they list it: never its value. */
export class UserTokenDto {
  @ApiProperty({ enum: ['api-token'] }) object: 'api-token';
  @ApiProperty() id: string;
  @ApiProperty({ description: 'What the token is for.', minLength: 1, maxLength: 100 }) label: string;
  @ApiProperty({ description: 'The first characters of the value (dpt_ and four more), to tell tokens apart.' }) prefix: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: 'string', description: 'When it was revoked; null while it works.' }) revokedAt: string | null;
}

/** The answer to creating a token: the only time its value is shown. */
export class CreatedUserTokenDto extends UserTokenDto {
  @ApiProperty({ description: 'The secret value: shown once, store it now. Send it as "Authorization: Bearer <token>".' }) token: string;
}

export class UserTokenListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [UserTokenDto] }) items: UserTokenDto[];
}

