import type { ValidationError } from 'class-validator';

/**
 * Turns class-validator's error tree into one sentence per failed constraint, each naming the
 * field by its full path (`position.before.type must be one of ...`), so a 400 says exactly
 * which field is wrong even when it is nested.
 */
export function flattenValidationErrors(errors: ValidationError[], parentPath = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = joinPath(parentPath, error.property);
    for (const message of Object.values(essentialConstraints(error.constraints ?? {}))) {
      messages.push(renameLeadingProperty(message, error.property, path));
    }
    if (error.children?.length) messages.push(...flattenValidationErrors(error.children, path));
  }
  return messages;
}

/** Constraints that say what kind of value a field takes: when one fails, the others are noise. */
const TYPE_CONSTRAINTS = new Set(['isArray', 'isString', 'isNumber', 'isInt', 'isBoolean', 'isObject', 'isDefined', 'isEnum']);

function essentialConstraints(constraints: Record<string, string>): Record<string, string> {
  const typeFailures = Object.entries(constraints).filter(([name]) => TYPE_CONSTRAINTS.has(name));
  return typeFailures.length > 0 ? Object.fromEntries(typeFailures) : constraints;
}

function joinPath(parent: string, property: string): string {
  if (!parent) return property;
  return /^\d+$/.test(property) ? `${parent}[${property}]` : `${parent}.${property}`;
}

function renameLeadingProperty(message: string, property: string, path: string): string {
  if (message.startsWith(`${property} `)) return `${path}${message.slice(property.length)}`;
  if (message.startsWith('each value in ')) return message; // already names the array field
  return path === property || message.includes(path) ? message : `${path}: ${message}`;
}
