import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountLinkEntity } from './account-links/account-link.entity';
import { AccountLinksService } from './account-links/account-links.service';
import { OrganizationAccess } from './access/organization-access';
import { TeamOwnership } from './access/team-ownership';
import { TokenAuthenticator } from './auth/token-authenticator';
import { BootstrapService } from './bootstrap/bootstrap.service';
import { InvitationEntity } from './invites/invitation.entity';
import { InviteLinkEntity } from './invite-links/invite-link.entity';
import { InviteLinkPresenter } from './invite-links/invite-link.presenter';
import { InviteLinksService } from './invite-links/invite-links.service';
import { InvitesService } from './invites/invites.service';
import { PendingInvitations } from './invites/pending-invitations';
import { MemberCountsService } from './members/member-counts';
import { MemberEntity } from './members/member.entity';
import { MemberPresenter } from './members/member.presenter';
import { MembersService } from './members/members.service';
import { VisitorClaimsTokens } from './members/visitor-claims';
import { OrganizationEntity } from './organizations/organization.entity';
import { OrganizationPresenter } from './organizations/organization.presenter';
import { OrganizationsService } from './organizations/organizations.service';
import { SamlProviderEntity } from './saml/saml-provider.entity';
import { SamlProviderPresenter } from './saml/saml-provider.presenter';
import { SamlProvidersService } from './saml/saml-providers.service';
import { SamlAssertionEntity } from './saml/saml-assertion.entity';
import { SamlMembership } from './saml/saml-membership';
import { SamlRequestEntity } from './saml/saml-request.entity';
import { SamlSignInService } from './saml/saml-sign-in.service';
import { TeamMemberEntity } from './teams/team-member.entity';
import { TeamMembersService } from './teams/team-members.service';
import { TeamPresenter } from './teams/team.presenter';
import { TeamStatsService } from './teams/team-stats';
import { TeamViews } from './teams/team-views';
import { TeamEntity } from './teams/team.entity';
import { TeamsService } from './teams/teams.service';
import { ApiTokenEntity } from './tokens/api-token.entity';
import { ApiTokensService } from './tokens/api-tokens.service';
import { UserEntity } from './users/user.entity';
import { UserPresenter } from './users/user.presenter';
import { UsersService } from './users/users.service';
import { AccountMails } from './mail/account-mails';
import { PasswordHasher } from './passwords/password-hasher';
import { PasswordsService } from './passwords/passwords.service';
import { UserPasswordEntity } from './passwords/user-password.entity';
import { SessionAuthenticator } from './sessions/session-authenticator';
import { SessionEntity } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { AccountEvents } from './sign-in/account-events';
import { PasswordLinksFlow } from './sign-in/password-links-flow';
import { PasswordResets } from './sign-in/password-resets';
import { SignInLockout } from './sign-in/sign-in-lockout';
import { SignInService } from './sign-in/sign-in.service';
import { SsoChoices } from './sign-in/sso-choices';
import { UserTokensService } from './user-tokens/user-tokens.service';

const entities = TypeOrmModule.forFeature([
  UserEntity,
  OrganizationEntity,
  MemberEntity,
  ApiTokenEntity,
  InvitationEntity,
  InviteLinkEntity,
  TeamEntity,
  TeamMemberEntity,
  SamlProviderEntity,
  SamlRequestEntity,
  SamlAssertionEntity,
  UserPasswordEntity,
  SessionEntity,
  AccountLinkEntity,
]);
const services = [
  UsersService,
  UserPresenter,
  OrganizationsService,
  OrganizationPresenter,
  OrganizationAccess,
  TeamOwnership,
  ApiTokensService,
  TokenAuthenticator,
  InvitesService,
  PendingInvitations,
  InviteLinksService,
  InviteLinkPresenter,
  BootstrapService,
  MembersService,
  MemberCountsService,
  MemberPresenter,
  VisitorClaimsTokens,
  TeamsService,
  TeamMembersService,
  TeamStatsService,
  TeamPresenter,
  TeamViews,
  SamlProvidersService,
  SamlProviderPresenter,
  SamlMembership,
  SamlSignInService,
  AccountEvents,
  AccountLinksService,
  AccountMails,
  PasswordHasher,
  PasswordsService,
  SessionAuthenticator,
  SessionsService,
  SignInLockout,
  SignInService,
  PasswordResets,
  PasswordLinksFlow,
  SsoChoices,
  UserTokensService,
];

/** Users, organizations, members, teams, tokens and SSO: the services every other domain builds on. */
@Module({
  imports: [entities],
  providers: services,
  exports: [entities, ...services],
})
export class IdentityCoreModule {}
