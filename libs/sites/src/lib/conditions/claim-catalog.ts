/**
 * The claims a site's adaptive schema declares, as a tree: what a condition may refer to
 * (`visitor.claims.<name>`, `visitor.claims.unsigned.<name>`, nested objects by dots).
 */
export type ClaimType = 'boolean' | 'string' | 'number' | 'array' | 'object';

export interface ClaimNode {
  type: ClaimType;
  description: string;
  /** String claims may list their values. */
  enum?: string[];
  /** Object claims: their own claims. */
  properties?: Map<string, ClaimNode>;
  /** Array claims: the type of their items. */
  items?: ClaimType;
}

export interface ClaimCatalog {
  signed: Map<string, ClaimNode>;
  unsigned: Map<string, ClaimNode>;
}

export const EMPTY_CATALOG: ClaimCatalog = { signed: new Map(), unsigned: new Map() };

type SchemaNode = { type?: unknown; description?: unknown; enum?: unknown; properties?: unknown; items?: unknown };

function nodeOf(schema: SchemaNode): ClaimNode {
  const type = schema.type as ClaimType;
  const node: ClaimNode = { type, description: typeof schema.description === 'string' ? schema.description : '' };
  if (Array.isArray(schema.enum)) node.enum = schema.enum.filter((v): v is string => typeof v === 'string');
  if (type === 'object') node.properties = mapOf(schema.properties);
  if (type === 'array') node.items = ((schema.items as SchemaNode | undefined)?.type as ClaimType | undefined) ?? 'string';
  return node;
}

function mapOf(properties: unknown): Map<string, ClaimNode> {
  const map = new Map<string, ClaimNode>();
  if (!properties || typeof properties !== 'object') return map;
  for (const [name, schema] of Object.entries(properties as Record<string, SchemaNode>)) map.set(name, nodeOf(schema));
  return map;
}

/** The catalog of a schema already validated by `validateAdaptiveSchema` (null: no schema, no claims). */
export function claimCatalog(jsonSchema: Record<string, unknown> | null): ClaimCatalog {
  if (!jsonSchema) return EMPTY_CATALOG;
  const properties = { ...((jsonSchema.properties as Record<string, SchemaNode> | undefined) ?? {}) };
  const unsigned = properties.unsigned as SchemaNode | undefined;
  delete properties.unsigned;
  return { signed: mapOf(properties), unsigned: mapOf(unsigned?.properties) };
}
