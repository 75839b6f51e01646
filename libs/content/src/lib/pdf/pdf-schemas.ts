import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** The answer of the PDF exports in the project's OpenAPI document (the reference's `{url}`). */
export const PDF_URL_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', description: 'Signed download URL of the PDF: no bearer token needed, valid for at least one hour; 403 once expired or altered.' },
  },
};
