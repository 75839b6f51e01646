import type { ApiTokenEntity } from '../tokens/api-token.entity';
import type { CreatedUserTokenDto, UserTokenDto } from './user-token.dto';

export function presentUserToken(token: ApiTokenEntity): UserTokenDto {
  return {
    object: 'api-token',
    id: token.id,
    label: token.label,
    prefix: token.displayPrefix,
    createdAt: token.createdAt.toISOString(),
    revokedAt: token.revokedAt ? token.revokedAt.toISOString() : null,
  };
}

export function presentCreatedUserToken(token: ApiTokenEntity, value: string): CreatedUserTokenDto {
  return { ...presentUserToken(token), token: value };
}
