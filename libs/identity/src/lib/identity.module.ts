import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth/auth.guard';
import { IdentityCoreModule } from './identity-core.module';
import { InvitesController } from './invites/invites.controller';
import { InviteLinksController } from './invite-links/invite-links.controller';
import { JoiningController } from './invite-links/joining.controller';
import { MembersController } from './members/members.controller';
import { SamlProvidersController } from './saml/saml-providers.controller';
import { SamlSignInController } from './saml/saml-sign-in.controller';
import { TeamMembersController } from './teams/team-members.controller';
import { TeamsController } from './teams/teams.controller';
import { OrganizationsController } from './organizations/organizations.controller';
import { UsersController } from './users/users.controller';
import { SignInController } from './sign-in/sign-in.controller';
import { UserTokensController } from './user-tokens/user-tokens.controller';

/** The identity HTTP surface, and the token check on every request. */
@Module({
  imports: [IdentityCoreModule],
  controllers: [
    UsersController,
    OrganizationsController,
    InvitesController,
    InviteLinksController,
    JoiningController,
    MembersController,
    TeamsController,
    TeamMembersController,
    SamlProvidersController,
    UserTokensController,
    SignInController,
    SamlSignInController,
  ],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
  exports: [IdentityCoreModule],
})
export class IdentityModule {}

