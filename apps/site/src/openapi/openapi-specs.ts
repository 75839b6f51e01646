import type { OpenApiDocument } from '@docs/site-renderer';

/** A hosted OpenAPI specification, parsed and dereferenced, and the version it was read from. */
export interface HostedOpenApiSpec {
  document: OpenApiDocument;
  /** Changes when the specification changes: rendered pages using it are kept under it. */
  version: string;
}

/**
 * Where the site server gets the hosted OpenAPI specifications that OpenAPI blocks name
 * (`ref: {kind: 'openapi', spec: <slug>}`): an organization's spec by slug, its latest version.
 * Rendering asks for every spec a page names before it starts, and keeps the versions it used
 * with the rendered page. Bound to `HostedOpenApiSpecs` (libs/openapi-hosting's specs).
 */
export abstract class OpenApiSpecs {
  /** The specifications of these slugs that the organization hosts (absent: none by that slug, or not processed yet). */
  abstract find(organizationId: string, slugs: string[]): Promise<Map<string, HostedOpenApiSpec>>;

  /** Only their versions (a cheap check that a page rendered with them is still current). */
  abstract versions(organizationId: string, slugs: string[]): Promise<Map<string, string>>;
}
