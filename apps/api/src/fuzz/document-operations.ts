import SwaggerParser from '@apidevtools/swagger-parser';
import { Schema } from './schema-arbitrary';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One operation of the project's OpenAPI document, dereferenced, as the fuzz suites walk it. */
export interface Operation {
  method: string;
  path: string;
  operation: Schema;
  pathParams: string[];
  query: Schema[];
  body?: Schema;
}

/** Every operation of an OpenAPI document (`/openapi.json` as served), its schemas dereferenced. */
export async function documentOperations(raw: unknown): Promise<Operation[]> {
  const document = (await SwaggerParser.dereference(structuredClone(raw) as never)) as Schema;
  return Object.entries<Schema>(document['paths']).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Schema;
      const parameters = (operation['parameters'] ?? []) as Schema[];
      return {
        method,
        path,
        operation,
        pathParams: parameters.filter((p) => p['in'] === 'path').map((p) => p['name'] as string),
        query: parameters.filter((p) => p['in'] === 'query'),
        body: operation['requestBody']?.content?.['application/json']?.schema,
      };
    }),
  );
}
