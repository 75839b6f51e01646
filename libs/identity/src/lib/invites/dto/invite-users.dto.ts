import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, isEmail, IsOptional, registerDecorator, ValidationArguments } from 'class-validator';
import { IsRoleOrGuest } from '../../members/is-role-or-guest.decorator';
import { isMemberRole, MEMBER_ROLES, MemberRoleOrGuest } from '../../members/member-role';

export type InviteEntry = string | { email: string; role: MemberRoleOrGuest };

export const MAX_INVITES_PER_REQUEST = 1000;

/** Why one entry of `emails` is invalid, or undefined when it is valid. */
export function inviteEntryProblem(entry: unknown): string | undefined {
  if (typeof entry === 'string') return isEmail(entry) ? undefined : 'must be an email address';
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return 'must be an email address or an object {email, role}';
  }
  const { email, role, ...rest } = entry as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `has unknown field ${unknown[0]}`;
  if (typeof email !== 'string' || !isEmail(email)) return '.email must be an email address';
  if (role === undefined) return '.role is required (a role, or null for a guest)';
  if (role !== null && !isMemberRole(role)) return `.role must be one of ${MEMBER_ROLES.join(', ')} or null`;
  return undefined;
}

function IsInviteEntries(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isInviteEntries',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.every((entry) => inviteEntryProblem(entry) === undefined),
        defaultMessage: (args?: ValidationArguments) => {
          const entries = Array.isArray(args?.value) ? (args?.value as unknown[]) : [];
          const index = entries.findIndex((entry) => inviteEntryProblem(entry) !== undefined);
          const problem = inviteEntryProblem(entries[index]) ?? '';
          return `emails[${index}]${problem.startsWith('.') ? '' : ' '}${problem}`;
        },
      },
    });
}

export class InviteUsersDto {
  @ApiProperty({
    description: 'Addresses to invite, each a string or {email, role}.',
    type: 'array',
    items: { oneOf: [{ type: 'string', format: 'email' }, { type: 'object', required: ['email', 'role'], properties: { email: { type: 'string', format: 'email' }, role: { type: 'string', enum: [...MEMBER_ROLES], nullable: true } } }] },
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_INVITES_PER_REQUEST)
  @IsInviteEntries()
  emails: InviteEntry[];

  @ApiPropertyOptional({ enum: MEMBER_ROLES, nullable: true, description: 'Role of entries given as plain addresses; default read. null invites guests.' })
  @IsRoleOrGuest()
  role?: MemberRoleOrGuest;

  @ApiPropertyOptional({ description: 'Invite as SSO members (not for users who already belong to another organization).' })
  @IsOptional()
  @IsBoolean()
  sso?: boolean;
}
