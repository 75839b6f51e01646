import { JsonDocumentValidator, type ReferenceSchemas } from '../lib/json-document-validator';

let validator: JsonDocumentValidator | undefined;

/**
 * A validator over the installed `@gitbook/api`'s OpenAPI document as the package ships it (the
 * version package.json pins), made once per test file: what the tests hold converted documents to.
 */
export function referenceDocumentValidator(): JsonDocumentValidator {
  validator ??= new JsonDocumentValidator((require('@gitbook/api/spec/openapi.json') as { components: { schemas: ReferenceSchemas } }).components.schemas);
  return validator;
}
