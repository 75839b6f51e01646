import type { ClaimCatalog, ClaimNode } from '../conditions/claim-catalog';

export interface TemplateCondition {
  description: string;
  condition: string;
}

/**
 * Ready-made conditions for each claim of a site's adaptive schema: a boolean claim is true, a
 * string claim with values equals each value, other claims are present; nested object claims
 * are walked. In schema order, signed claims first.
 */
export function templateConditions(catalog: ClaimCatalog): TemplateCondition[] {
  const out: TemplateCondition[] = [];
  const walk = (claims: Map<string, ClaimNode>, prefix: string, label: string) => {
    for (const [name, claim] of claims) {
      const path = `${prefix}.${name}`;
      const what = `${label}${label ? '.' : ''}${name}`;
      if (claim.type === 'object' && claim.properties) walk(claim.properties, path, what);
      else if (claim.type === 'boolean') out.push({ description: `Visitors whose ${what} claim is true`, condition: `${path} == true` });
      else if (claim.type === 'string' && claim.enum?.length) {
        for (const value of claim.enum) out.push({ description: `Visitors whose ${what} claim is ${value}`, condition: `${path} == ${JSON.stringify(value)}` });
      } else out.push({ description: `Visitors with the ${what} claim`, condition: `${path} != null` });
    }
  };
  walk(catalog.signed, 'visitor.claims', '');
  walk(catalog.unsigned, 'visitor.claims.unsigned', 'unsigned');
  return out;
}
