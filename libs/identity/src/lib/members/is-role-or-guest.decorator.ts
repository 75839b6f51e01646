import { applyDecorators } from '@nestjs/common';
import { IsIn, ValidateIf } from 'class-validator';
import { MEMBER_ROLES } from './member-role';

/**
 * An optional role where `null` is meaningful (a guest): absent skips validation, `null`
 * passes, anything else must be a role. (@IsOptional would let null through as "absent".)
 */
export function IsRoleOrGuest(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    IsIn([...MEMBER_ROLES, null], { message: `$property must be one of ${MEMBER_ROLES.join(', ')} or null` }),
  );
}
