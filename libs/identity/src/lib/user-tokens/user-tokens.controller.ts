import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { CreateUserTokenDto } from './dto/create-user-token.dto';
import { ListUserTokensQueryDto } from './dto/list-user-tokens.query';
import { CreatedUserTokenDto, UserTokenDto, UserTokenListDto } from './user-token.dto';
import { presentCreatedUserToken, presentUserToken } from './user-token.presenter';
import { UserTokensService } from './user-tokens.service';

/** Extension: a person makes and revokes their own API tokens, signed in or with another token. */
@ApiTags('user-tokens')
@Controller('v1/user/tokens')
export class UserTokensController {
  constructor(private readonly tokens: UserTokensService) {}

  @Get()
  @ApiOperation({ operationId: 'listUserTokens', summary: "The caller's API tokens, newest first (never their values; revoked ones with revokedAt)." })
  @ApiOkResponse({ type: UserTokenListDto })
  @ApiErrors(400)
  async list(@CurrentCaller() caller: Caller, @Query() query: ListUserTokensQueryDto): Promise<ListEnvelope<UserTokenDto>> {
    return toListEnvelope(await this.tokens.list(caller.userId, query), presentUserToken);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createUserToken', summary: 'Create an API token for the caller; its value is in this answer only.' })
  @ApiCreatedResponse({ type: CreatedUserTokenDto })
  @ApiErrors(400)
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateUserTokenDto): Promise<CreatedUserTokenDto> {
    const minted = await this.tokens.create(caller.userId, body.label);
    return presentCreatedUserToken(minted.token, minted.value);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'revokeUserToken', summary: "Revoke one of the caller's tokens: it stops working at the next request." })
  @ApiNoContentResponse()
  @ApiErrors(404)
  async revoke(@CurrentCaller() caller: Caller, @Param('tokenId') tokenId: string): Promise<void> {
    await this.tokens.revoke(caller.userId, tokenId);
  }
}
