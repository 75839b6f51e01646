import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules } from '@docs/platform';
import { IsIn, IsNotEmpty, IsString, MaxLength, registerDecorator, ValidateIf, ValidationArguments } from 'class-validator';
import { MEMBER_ROLES, MemberRole, MemberRoleOrGuest } from '../../members/member-role';

const CREATE_FORMS = 'the body is {role} (a link to the organization), {level, space} or {level, collection}';

/** Why a create body does not have one of the three forms of `CreateOrganizationInvite`; undefined when it has. */
export function createFormProblem(body: Record<string, unknown>): string | undefined {
  const has = (field: string) => body[field] !== undefined;
  if (has('role')) return has('level') || has('space') || has('collection') ? `role cannot be given with level, space or collection: ${CREATE_FORMS}` : undefined;
  if (!has('level') && !has('space') && !has('collection')) return `role is required: ${CREATE_FORMS}`;
  if (has('space') && has('collection')) return 'space and collection cannot both be given: a link is to one space or one collection';
  if (!has('space') && !has('collection')) return 'space or collection is required with level';
  if (!has('level')) return `level is required with ${has('space') ? 'space' : 'collection'}`;
  return undefined;
}

/** Why an update body is not `{role}` or `{level}`; undefined when it is one of them. */
export function updateFormProblem(body: Record<string, unknown>): string | undefined {
  const role = body['role'] !== undefined;
  const level = body['level'] !== undefined;
  if (role && level) return 'role and level cannot both be given: role changes a link to the organization, level a link to a space or collection';
  if (!role && !level) return 'role or level is required';
  return undefined;
}

/** Checks the whole body's form with `problem` (on one property, so that an empty body is checked too). */
function BodyForm(problem: (body: Record<string, unknown>) => string | undefined): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'inviteLinkBodyForm',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => problem(args.object as Record<string, unknown>) === undefined,
        defaultMessage: (args?: ValidationArguments) => problem((args?.object ?? {}) as Record<string, unknown>) ?? '',
      },
    });
}

/**
 * A role or null (guests) when present. Not @ValidateIf: it would skip the property's other
 * rule, `BodyForm`, which must see an absent role too.
 */
function RoleOrGuestWhenPresent(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'roleOrGuestWhenPresent',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => value === undefined || value === null || (MEMBER_ROLES as readonly unknown[]).includes(value),
        defaultMessage: () => `role must be one of ${MEMBER_ROLES.join(', ')} or null`,
      },
    });
}

// A link to a space or collection without a level there would give nothing.
const LEVEL_MESSAGE = `level must be one of ${MEMBER_ROLES.join(', ')}`;

/**
 * Body of `createOrganizationInvite`: the reference's `CreateOrganizationInvite`, one of
 * `{role}` (null: guests), `{level, space}` and `{level, collection}`.
 */
@ApiSchemaRules({
  oneOf: [
    { required: ['role'], not: { anyOf: [{ required: ['level'] }, { required: ['space'] }, { required: ['collection'] }] } },
    { required: ['level', 'space'], not: { anyOf: [{ required: ['role'] }, { required: ['collection'] }] } },
    { required: ['level', 'collection'], not: { anyOf: [{ required: ['role'] }, { required: ['space'] }] } },
  ],
})
export class CreateInviteLinkDto {
  @ApiPropertyOptional({ enum: [...MEMBER_ROLES], nullable: true, description: 'A link to the organization: the role of people joining through it (null: guests).' })
  @BodyForm(createFormProblem)
  @RoleOrGuestWhenPresent()
  role?: MemberRoleOrGuest;

  @ApiPropertyOptional({ enum: [...MEMBER_ROLES], description: 'A link to a space or collection: the level joining grants there (people join as guests).' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn([...MEMBER_ROLES], { message: LEVEL_MESSAGE })
  level?: MemberRole;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'The space the link is to (with level).' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  space?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'The collection the link is to (with level).' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  collection?: string;
}

/** Body of `updateOrganizationInviteById`: `{role}` for a link to the organization, `{level}` for one to a space or collection. */
@ApiSchemaRules({
  oneOf: [
    { required: ['role'], not: { required: ['level'] } },
    { required: ['level'], not: { required: ['role'] } },
  ],
})
export class UpdateInviteLinkDto {
  @ApiPropertyOptional({ enum: [...MEMBER_ROLES], nullable: true, description: 'The new role of a link to the organization (null: guests).' })
  @BodyForm(updateFormProblem)
  @RoleOrGuestWhenPresent()
  role?: MemberRoleOrGuest;

  @ApiPropertyOptional({ enum: [...MEMBER_ROLES], description: 'The new level of a link to a space or collection.' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn([...MEMBER_ROLES], { message: LEVEL_MESSAGE })
  level?: MemberRole;
}
