import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Caller } from '../auth/caller';
import { CurrentCaller } from '../auth/current-caller.decorator';
import { UserDto } from './user.dto';
import { UserPresenter } from './user.presenter';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('v1')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly presenter: UserPresenter,
  ) {}

  @Get('user')
  @ApiOperation({ operationId: 'getAuthenticatedUser', summary: 'The user behind the API token.' })
  @ApiOkResponse({ type: UserDto })
  async me(@CurrentCaller() caller: Caller): Promise<UserDto> {
    return this.presenter.present(caller.user ?? (await this.users.get(caller.userId)));
  }

  @Get('users/:userId')
  @ApiOperation({ operationId: 'getUserById', summary: 'A user: yourself, or a member of one of your organizations.' })
  @ApiOkResponse({ type: UserDto })
  @ApiNotFoundResponse({ description: 'No such user, or none you share an organization with.' })
  async get(@CurrentCaller() caller: Caller, @Param('userId') userId: string): Promise<UserDto> {
    return this.presenter.present(await this.users.getVisibleTo(caller.userId, userId));
  }
}
