import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationAccess } from './access/organization-access';
import { TokenAuthenticator } from './auth/token-authenticator';
import { BootstrapService } from './bootstrap/bootstrap.service';
import { InvitationEntity } from './invites/invitation.entity';
import { InvitesService } from './invites/invites.service';
import { MemberEntity } from './members/member.entity';
import { OrganizationEntity } from './organizations/organization.entity';
import { OrganizationPresenter } from './organizations/organization.presenter';
import { OrganizationsService } from './organizations/organizations.service';
import { ApiTokenEntity } from './tokens/api-token.entity';
import { ApiTokensService } from './tokens/api-tokens.service';
import { UserEntity } from './users/user.entity';
import { UserPresenter } from './users/user.presenter';
import { UsersService } from './users/users.service';

const entities = TypeOrmModule.forFeature([UserEntity, OrganizationEntity, MemberEntity, ApiTokenEntity, InvitationEntity]);
const services = [
  UsersService,
  UserPresenter,
  OrganizationsService,
  OrganizationPresenter,
  OrganizationAccess,
  ApiTokensService,
  TokenAuthenticator,
  InvitesService,
  BootstrapService,
];

/** Users, organizations, members and tokens: the services every other domain builds on. */
@Module({
  imports: [entities],
  providers: services,
  exports: [entities, ...services],
})
export class IdentityCoreModule {}

