import jsep from 'jsep';
import type { ClaimCatalog, ClaimNode } from './claim-catalog';

/**
 * Conditions on sections and site spaces: expressions over the visitor's claims, e.g.
 * `visitor.claims.beta == true && visitor.claims.unsigned.plan != "free"`.
 *
 * Parsed by jsep (a JavaScript expression parser) into a syntax tree that is checked against a
 * small grammar when the condition is written, then evaluated by walking that tree: no `eval`,
 * no `Function`, no access to anything but the claims' own properties.
 *
 * Allowed: literals (`true`, `false`, `null`, numbers, strings), claim paths
 * (`visitor.claims.<name>[.<name>...]`, `visitor.claims.unsigned.<name>...`) of claims the
 * site's adaptive schema declares, `!` and unary `-`, `== != === !== < <= > >=`, `&& ||`,
 * parentheses, and `<array claim>.includes(<literal>)`. Equality never coerces (`==` is `===`);
 * an absent claim is `null`; ordering compares numbers with numbers and strings with strings
 * (anything else is false). A condition's result is true only when it is exactly `true`.
 */
export class ConditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConditionError';
  }
}

type Node = jsep.Expression;
type Value = boolean | number | string | null | Value[] | { [key: string]: Value };

const COMPARISONS = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=']);
const LOGICAL = new Set(['&&', '||']);
const UNARY = new Set(['!', '-']);
const FUNCTIONS = new Set(['includes']);

/** A condition checked against the claims of `catalog`; throws ConditionError saying what is wrong. */
export function parseCondition(text: string, catalog: ClaimCatalog): Node {
  let tree: Node;
  try {
    tree = jsep(text);
  } catch (error) {
    throw new ConditionError(`syntax error: ${(error as Error).message}`);
  }
  check(tree, catalog);
  return tree;
}

function check(node: Node, catalog: ClaimCatalog): void {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (value !== null && !['boolean', 'number', 'string'].includes(typeof value)) throw new ConditionError(`the literal ${(node as jsep.Literal).raw} is not allowed`);
      return;
    }
    case 'Identifier':
    case 'MemberExpression':
      claimPath(node, catalog);
      return;
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!UNARY.has(unary.operator)) throw new ConditionError(`the operator ${unary.operator} is not allowed`);
      check(unary.argument, catalog);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!COMPARISONS.has(binary.operator) && !LOGICAL.has(binary.operator)) throw new ConditionError(`the operator ${binary.operator} is not allowed`);
      check(binary.left, catalog);
      check(binary.right, catalog);
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee as jsep.MemberExpression;
      const name = callee.type === 'MemberExpression' && !callee.computed ? (callee.property as jsep.Identifier).name : describe(call.callee);
      if (!FUNCTIONS.has(name) || callee.type !== 'MemberExpression') throw new ConditionError(`unknown function ${name}`);
      const claim = claimPath(callee.object, catalog);
      if (claim.node.type !== 'array') throw new ConditionError(`${claim.path}.includes: ${claim.path} is not an array claim`);
      if (call.arguments.length !== 1 || call.arguments[0].type !== 'Literal') throw new ConditionError(`${claim.path}.includes takes one literal`);
      check(call.arguments[0], catalog);
      return;
    }
    case 'Compound':
      throw new ConditionError('a condition is a single expression');
    default:
      throw new ConditionError(`${node.type} is not allowed in a condition`);
  }
}

function describe(node: Node): string {
  if (node.type === 'Identifier') return (node as jsep.Identifier).name;
  if (node.type === 'MemberExpression') {
    const member = node as jsep.MemberExpression;
    return `${describe(member.object)}.${member.computed ? '[...]' : (member.property as jsep.Identifier).name}`;
  }
  return node.type;
}

/** The segments of `a.b.c` (non-computed members of an identifier), or undefined. */
function segmentsOf(node: Node): string[] | undefined {
  if (node.type === 'Identifier') return [(node as jsep.Identifier).name];
  if (node.type !== 'MemberExpression') return undefined;
  const member = node as jsep.MemberExpression;
  if (member.computed || member.property.type !== 'Identifier') return undefined;
  const head = segmentsOf(member.object);
  return head ? [...head, (member.property as jsep.Identifier).name] : undefined;
}

/** A declared claim named by `node`; throws unless it is one. */
function claimPath(node: Node, catalog: ClaimCatalog): { path: string; node: ClaimNode } {
  const segments = segmentsOf(node);
  const path = segments?.join('.') ?? describe(node);
  if (!segments || segments[0] !== 'visitor' || segments[1] !== 'claims' || segments.length < 3) {
    throw new ConditionError(`${path}: a condition can refer only to visitor.claims.<name> and visitor.claims.unsigned.<name>`);
  }
  const unsigned = segments[2] === 'unsigned';
  let claims: Map<string, ClaimNode> | undefined = unsigned ? catalog.unsigned : catalog.signed;
  const names = segments.slice(unsigned ? 3 : 2);
  if (names.length === 0) throw new ConditionError(`${path}: name a claim`);
  let found: ClaimNode | undefined;
  for (const name of names) {
    found = claims?.get(name);
    if (!found) throw new ConditionError(`${path} is not a claim declared by the site's adaptive schema`);
    claims = found.properties;
  }
  return { path, node: found as ClaimNode };
}

/** The value of a parsed condition for a visitor's claims (`unsigned` holds the unsigned ones). */
export function evaluateCondition(tree: Node, claims: Record<string, unknown>): boolean {
  return evaluate(tree, claims) === true;
}

function evaluate(node: Node, claims: Record<string, unknown>): Value {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as Value;
    case 'Identifier':
    case 'MemberExpression':
      return lookup(segmentsOf(node) ?? [], claims);
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      const value = evaluate(unary.argument, claims);
      if (unary.operator === '!') return value !== true;
      return typeof value === 'number' ? -value : null;
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      if (operator === '&&') return evaluate(left, claims) === true && evaluate(right, claims) === true;
      if (operator === '||') return evaluate(left, claims) === true || evaluate(right, claims) === true;
      return compare(operator, evaluate(left, claims), evaluate(right, claims));
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const list = evaluate((call.callee as jsep.MemberExpression).object, claims);
      const needle = evaluate(call.arguments[0], claims);
      return Array.isArray(list) && list.some((item) => item === needle);
    }
    default:
      return null;
  }
}

/** `visitor.claims.a.b`: own properties of plain objects only; anything missing is null. */
function lookup(segments: string[], claims: Record<string, unknown>): Value {
  let current: unknown = claims;
  for (const name of segments.slice(2)) {
    if (!current || typeof current !== 'object' || Array.isArray(current) || !Object.prototype.hasOwnProperty.call(current, name)) return null;
    current = (current as Record<string, unknown>)[name];
  }
  return current === undefined ? null : (current as Value);
}

function compare(operator: string, a: Value, b: Value): boolean {
  switch (operator) {
    case '==':
    case '===':
      return a === b;
    case '!=':
    case '!==':
      return a !== b;
  }
  const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!comparable) return false;
  const x = a as number | string;
  const y = b as number | string;
  return operator === '<' ? x < y : operator === '<=' ? x <= y : operator === '>' ? x > y : x >= y;
}
