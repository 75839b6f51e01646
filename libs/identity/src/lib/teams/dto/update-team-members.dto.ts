import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, registerDecorator } from 'class-validator';
import { TEAM_ROLES, TeamRole } from '../team-role';

/** `memberships`: an object whose keys are user ids and whose values are `{role}`. */
function IsMembershipsMap(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isMembershipsMap',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => membershipsProblem(value) === undefined,
        defaultMessage: (args) => `memberships${membershipsProblem(args?.value)}`,
      },
    });
}

export function membershipsProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ' must be an object mapping user ids to {role}';
  const entries = Object.entries(value);
  if (entries.length > 1000) return ' must have at most 1000 entries';
  for (const [userId, membership] of entries) {
    if (typeof membership !== 'object' || membership === null || Array.isArray(membership)) return `.${userId} must be an object {role}`;
    const { role, ...rest } = membership as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) return `.${userId} has unknown field ${unknown[0]}`;
    if (!(TEAM_ROLES as readonly unknown[]).includes(role)) return `.${userId}.role must be one of ${TEAM_ROLES.join(', ')}`;
  }
  return undefined;
}

export class UpdateTeamMembersDto {
  @ApiPropertyOptional({ type: [String], description: 'User ids or emails of organization members to add.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  add?: string[];

  @ApiPropertyOptional({ type: [String], description: 'User ids or emails to remove. Someone both added and removed is removed.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(320, { each: true })
  remove?: string[];

  @ApiPropertyOptional({
    type: 'object',
    maxProperties: 1000,
    additionalProperties: { type: 'object', required: ['role'], properties: { role: { type: 'string', enum: [...TEAM_ROLES] } } },
    description: 'Role per user id; a user not yet in the team is added with it.',
  })
  @IsOptional()
  @IsMembershipsMap()
  memberships?: Record<string, { role: TeamRole }>;
}

export class UpsertTeamMemberDto {
  @ApiPropertyOptional({ enum: TEAM_ROLES, description: 'Default member when adding; absent keeps the role when updating.' })
  @IsOptional()
  @IsIn(TEAM_ROLES)
  role?: TeamRole;
}
