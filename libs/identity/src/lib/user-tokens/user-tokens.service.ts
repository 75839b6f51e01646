import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Clock, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, Repository } from 'typeorm';
import { AccountEvents } from '../sign-in/account-events';
import { ApiTokenEntity } from '../tokens/api-token.entity';
import { ApiTokensService, MintedToken } from '../tokens/api-tokens.service';
import { TokenAuthenticator } from '../auth/token-authenticator';

/** A person's own API tokens (`/v1/user/tokens`): only theirs, whoever else exists. */
@Injectable()
export class UserTokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ApiTokenEntity) private readonly tokens: Repository<ApiTokenEntity>,
    private readonly minting: ApiTokensService,
    private readonly paginator: Paginator,
    private readonly authenticator: TokenAuthenticator,
    private readonly events: AccountEvents,
    private readonly clock: Clock,
  ) {}

  /** Newest first, revoked ones too (with when). */
  list(userId: string, page: { page?: string; limit?: number }): Promise<Page<ApiTokenEntity>> {
    return this.paginator.paginate(
      this.tokens.createQueryBuilder('t').where('t.user_id = :userId', { userId }),
      [sortKey<ApiTokenEntity>('t.created_at', 'DESC', 'timestamp', (t) => t.createdAt), sortKey<ApiTokenEntity>('t.id', 'DESC', 'text', (t) => t.id)],
      { scope: `user-tokens:${userId}`, ...page },
    );
  }

  create(userId: string, label: string): Promise<MintedToken> {
    return this.dataSource.transaction(async (tx) => {
      const minted = await this.minting.mint(userId, label.trim(), { manager: tx });
      await this.events.emit(tx, 'member_token_created', { userId, tokenId: minted.token.id, label: minted.token.label });
      return minted;
    });
  }

  /** 404 for a token of someone else's, as for an unknown one; revoking twice changes nothing more. */
  async revoke(userId: string, tokenId: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const [, revoked] = (await tx.query(`UPDATE api_tokens SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, [
        tokenId,
        userId,
        this.clock.now(),
      ])) as [unknown, number];
      if (revoked === 0) {
        const [mine] = (await tx.query(`SELECT 1 FROM api_tokens WHERE id = $1 AND user_id = $2`, [tokenId, userId])) as unknown[];
        if (!mine) throw new NotFoundException(`You have no token with the id ${tokenId}.`);
        return;
      }
      await this.events.emit(tx, 'member_token_revoked', { userId, tokenId });
    });
    this.authenticator.forgetAll();
  }
}
