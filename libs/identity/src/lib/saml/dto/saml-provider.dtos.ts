import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUrl, MaxLength, MinLength, registerDecorator, ValidateIf } from 'class-validator';
import { ListEnvelopeDto } from '@docs/platform';
import { IsRoleOrGuest } from '../../members/is-role-or-guest.decorator';
import { MEMBER_ROLES, MemberRoleOrGuest } from '../../members/member-role';
import { TeamDto } from '../../teams/team.dto';
import { pemCertificateProblem } from '../pem-certificate';

function IsPemCertificate(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPemCertificate',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && pemCertificateProblem(value) === undefined,
        defaultMessage: (args) => `certificate ${typeof args?.value === 'string' ? pemCertificateProblem(args.value) : 'must be a string'}`,
      },
    });
}

const SSO_URL = { require_protocol: true, require_tld: false, protocols: ['http', 'https'] };
const SSO_URL_MESSAGE = 'ssoURL must be an absolute http(s) URL';

class SamlProviderFieldsDto {
  @ApiPropertyOptional({ maxLength: 1024, description: "The identity provider's entity id." })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  entityID?: string;

  @ApiPropertyOptional({ maxLength: 10000, description: 'The PEM X.509 certificate the identity provider signs with.' })
  @IsOptional()
  @MaxLength(10000)
  @IsPemCertificate()
  certificate?: string;

  @ApiPropertyOptional({ maxLength: 2048, format: 'uri', description: "The identity provider's sign-in URL." })
  @IsOptional()
  @MaxLength(2048)
  @IsUrl(SSO_URL, { message: SSO_URL_MESSAGE })
  ssoURL?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'A team of this organization that users signing in join; null removes it.' })
  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsString()
  defaultTeam?: string | null;

  @ApiPropertyOptional({ enum: MEMBER_ROLES, nullable: true, description: 'Role of users who join by signing in; null: guests. Default read.' })
  @IsRoleOrGuest()
  defaultRole?: MemberRoleOrGuest;
}

export class CreateSamlProviderDto extends SamlProviderFieldsDto {
  @ApiProperty({ minLength: 1, maxLength: 30 })
  @IsString()
  @MinLength(1)
  @MaxLength(30)
  label: string;
}

export class UpdateSamlProviderDto extends SamlProviderFieldsDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 30 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(30)
  label?: string;
}

export class SamlServiceDto {
  @ApiProperty({ format: 'uri', description: 'Assertion consumer service URL to give the identity provider.' }) acsURL: string;
  @ApiProperty({ format: 'uri', description: 'Where a sign-in with this provider starts.' }) startURL: string;
  @ApiProperty({ description: "This installation's entity id for the provider." }) entityID: string;
}

export class SamlProviderUrlsDto {
  @ApiProperty({ format: 'uri', description: 'The API URL of this provider.' }) location: string;
}

export class SamlProviderDto {
  @ApiProperty({ enum: ['saml-provider'] }) object: 'saml-provider';
  @ApiProperty() id: string;
  @ApiProperty() label: string;
  @ApiProperty({ format: 'uri', description: 'about:blank until configured.' }) ssoURL: string;
  @ApiProperty({ description: 'Empty until configured.' }) entityID: string;
  @ApiProperty({ description: 'Empty until configured.' }) certificate: string;
  @ApiPropertyOptional({ type: TeamDto }) defaultTeam?: TeamDto;
  @ApiProperty({ enum: MEMBER_ROLES, nullable: true }) defaultRole: MemberRoleOrGuest;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ enum: ['active', 'pending'], description: 'active once ssoURL, entityID and certificate are all set.' }) status: 'active' | 'pending';
  @ApiProperty({ type: SamlServiceDto }) service: SamlServiceDto;
  @ApiProperty({ type: SamlProviderUrlsDto }) urls: SamlProviderUrlsDto;
}

export class SamlProviderListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SamlProviderDto] }) items: SamlProviderDto[];
}

export class SsoLoginDto {
  @ApiProperty() id: string;
  @ApiProperty() label: string;
  @ApiProperty({ format: 'uri' }) startURL: string;
}

export class SsoLoginListDto {
  @ApiProperty({ type: [SsoLoginDto] }) items: SsoLoginDto[];
}
