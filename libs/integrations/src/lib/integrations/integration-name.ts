import { BadRequestException } from '@nestjs/common';
import { declarePathParameter } from '@docs/platform';
import { INTEGRATION_NAME_MAX, INTEGRATION_NAME_PATTERN } from './integration-values';

// `/openapi.json` says it on every route that names the integration.
declarePathParameter('integrationName', {
  type: 'string',
  pattern: INTEGRATION_NAME_PATTERN.source,
  maxLength: INTEGRATION_NAME_MAX,
  description: 'The integration\'s unique name: letters, digits, `-`, `_` and `.`.',
});

/** The `integrationName` path parameter, checked: 400 naming it when malformed. */
export function checkIntegrationName(name: string): string {
  if (name.length > INTEGRATION_NAME_MAX || !INTEGRATION_NAME_PATTERN.test(name)) {
    throw new BadRequestException(`integrationName must match ${INTEGRATION_NAME_PATTERN.source} and be at most ${INTEGRATION_NAME_MAX} characters`);
  }
  return name;
}
