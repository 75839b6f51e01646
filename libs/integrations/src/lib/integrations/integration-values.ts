/**
 * Value sets of integrations. The specification leaves them "not shown"; these are the
 * reference's (IntegrationVisibility, IntegrationTarget, IntegrationScope, IntegrationCategory).
 */
export const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;
export type IntegrationVisibility = (typeof INTEGRATION_VISIBILITIES)[number];

export const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const;
export type IntegrationTarget = (typeof INTEGRATION_TARGETS)[number];

export const INTEGRATION_RUNTIMES = ['v1', 'v2'] as const;
export type IntegrationRuntime = (typeof INTEGRATION_RUNTIMES)[number];

export const INTEGRATION_SCOPES = [
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:adaptive:read',
  'site:adaptive:write',
  'openapi:read',
  'openapi:write',
  'conversations:ingest',
] as const;

export const INTEGRATION_CATEGORIES = ['analytics', 'collaboration', 'content', 'gitsync', 'marketing', 'visitor-auth', 'other'] as const;

/** Integration names: the path parameter's pattern and bound. */
export const INTEGRATION_NAME_PATTERN = /^[a-zA-Z0-9-_.]+$/;
export const INTEGRATION_NAME_MAX = 100;

export interface IntegrationBlock {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  urlUnfurl?: string[];
  markdown?: { codeblock: string; body: string };
}

export interface IntegrationContentSource {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  configuration: { componentId: string };
}

export interface IntegrationExternalLink {
  url: string;
  label: string;
}

/** A configuration property of a schema-based configuration. */
export interface ConfigurationProperty {
  type: 'string' | 'number' | 'boolean' | 'button';
  title?: string;
  description?: string;
  default?: string | number | boolean;
  completion_url?: string;
  enum?: string[];
  callback_url?: string;
  button_text?: string;
}

/** One configuration level: a schema of properties, or a ContentKit component that renders it. */
export type IntegrationConfiguration =
  | { properties: Record<string, ConfigurationProperty>; required?: string[] }
  | { componentId: string };

export interface IntegrationConfigurations {
  account?: IntegrationConfiguration;
  space?: IntegrationConfiguration;
  site?: IntegrationConfiguration;
}

export type ConfigurationLevel = keyof IntegrationConfigurations;
