import type { ValidateFunction } from 'ajv';
import { OpenApiJson, referenceComponents, referenceDocument, releaseReferenceDocument } from '@docs/platform';
import { compileReferenceInput, describeInputErrors, referenceInputProblem } from '../reference/reference-input';

/** The operation whose request body is a site space's overrides (the reference's inline schema). */
const OVERRIDE_PATH = '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization';

let overrides: ValidateFunction | undefined;

/** The body of `overrideSiteSpaceCustomizationById`: any part of the settings, `null` resetting an override. */
function overridesValidator(): ValidateFunction {
  if (!overrides) {
    const body = structuredClone(referenceDocument()['paths'][OVERRIDE_PATH]['patch']['requestBody']['content']['application/json']['schema']);
    const components: Record<string, OpenApiJson> = {};
    for (const [, name] of JSON.stringify(body).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) Object.assign(components, referenceComponents(name).components.schemas);
    releaseReferenceDocument();
    overrides = compileReferenceInput(body, components);
  }
  return overrides;
}

/** Why `value` is not the reference's `SiteCustomizationSettings` (what `PUT .../customization` takes and every read answers); null: it is. */
export function settingsProblem(value: unknown): string | null {
  return referenceInputProblem('SiteCustomizationSettings', value, 'The customization');
}

/** Why `value` is not a site space's overrides (null: they are). */
export function overridesProblem(value: unknown): string | null {
  const validate = overridesValidator();
  return validate(value) ? null : describeInputErrors(validate.errors, 'The overrides');
}
