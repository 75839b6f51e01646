import { BadRequestException } from '@nestjs/common';
import { INTEGRATION_NAME_MAX, INTEGRATION_NAME_PATTERN } from './integration-values';

/** The `integrationName` path parameter, checked: 400 naming it when malformed. */
export function checkIntegrationName(name: string): string {
  if (name.length > INTEGRATION_NAME_MAX || !INTEGRATION_NAME_PATTERN.test(name)) {
    throw new BadRequestException(`integrationName must match ${INTEGRATION_NAME_PATTERN.source} and be at most ${INTEGRATION_NAME_MAX} characters`);
  }
  return name;
}
