import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { referenceSchema } from '@docs/platform';

/** The reference's `RevisionReusableContent` (`document`: the content hash of its body). */
export const REVISION_REUSABLE_CONTENT_SCHEMA: SchemaObject = referenceSchema('RevisionReusableContent');

/** The reference's `JSONDocument`. */
export const JSON_DOCUMENT_SCHEMA: SchemaObject = referenceSchema('JSONDocument');

/** The reference's `Variables`: name -> string, number or boolean (docs/api-decisions.md bounds them). */
export const VARIABLES_SCHEMA: SchemaObject = referenceSchema('Variables');
