import { applyDecorators } from '@nestjs/common';
import { MEMBER_ROLES } from '@docs/identity';
import { IsIn, ValidateIf } from 'class-validator';

/**
 * An optional `defaultLevel`: a role, 'inherit' or null (members get no access). Absent skips
 * validation, null passes. (@IsOptional would let null through as "absent".)
 */
export function IsDefaultLevel(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    IsIn([...MEMBER_ROLES, 'inherit', null], { message: `$property must be one of ${MEMBER_ROLES.join(', ')}, inherit or null` }),
  );
}
