import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock, newId } from '@docs/platform';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { ApiTokenEntity } from './api-token.entity';
import { TokenAuthenticator } from '../auth/token-authenticator';
import { displayPrefixOf, generateTokenValue, hashToken, isWellFormedToken } from './token-value';

export interface MintedToken {
  token: ApiTokenEntity;
  /** The secret value: shown once, never stored. */
  value: string;
}

/** Minting, listing and revoking API tokens (operator CLI and bootstrap). */
@Injectable()
export class ApiTokensService {
  constructor(
    @InjectRepository(ApiTokenEntity) private readonly tokens: Repository<ApiTokenEntity>,
    private readonly clock: Clock,
    private readonly authenticator: TokenAuthenticator,
  ) {}

  /** `presetValue` lets BOOTSTRAP_TOKEN fix the value in advance. */
  async mint(userId: string, label: string, options: { presetValue?: string; manager?: EntityManager } = {}): Promise<MintedToken> {
    const value = options.presetValue ?? generateTokenValue();
    if (!isWellFormedToken(value)) throw new BadRequestException('A token must be printable characters without spaces.');
    const repository = options.manager?.getRepository(ApiTokenEntity) ?? this.tokens;
    const token = repository.create({
      id: newId(),
      userId,
      label,
      tokenHash: hashToken(value),
      displayPrefix: displayPrefixOf(value),
      createdAt: this.clock.now(),
      revokedAt: null,
    });
    await repository.insert(token);
    return { token, value };
  }

  /** Newest first; all users' tokens when no user is given. */
  list(userId?: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({
      where: userId ? { userId } : {},
      relations: { user: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * Revocation takes effect on this process's next request (its remembered tokens are forgotten
   * here), and on other processes as soon as PostgreSQL's notification reaches them.
   */
  async revoke(tokenId: string): Promise<ApiTokenEntity> {
    const token = await this.tokens.findOneBy({ id: tokenId });
    if (!token) throw new NotFoundException(`No token has the id ${tokenId}.`);
    if (!token.revokedAt) {
      await this.tokens.update({ id: tokenId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
      this.authenticator.forgetAll();
      return (await this.tokens.findOneBy({ id: tokenId })) as ApiTokenEntity;
    }
    return token;
  }

  existsWithValue(value: string): Promise<boolean> {
    return this.tokens.exists({ where: { tokenHash: hashToken(value) } });
  }
}
