import { BadRequestException } from '@nestjs/common';
import { registerDecorator, ValidationArguments } from 'class-validator';

/**
 * Merge rules, in the reference's shapes (`MergeRule`, `MergeRulesStandaloneConfiguration`,
 * `MergeRulesSpaceConfiguration`): what a change request must satisfy before it may be merged.
 * An organization's configuration is `rules` or `none`; a space's may also `inherit` the
 * organization's. Stored as given (jsonb); evaluated by the collaboration library on merge.
 */
export const USER_LIST_RULES = ['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass'] as const;
export const PLAIN_RULES = [
  'require_at_least_one_review',
  'require_all_reviews_approved',
  'require_up_to_date_change_request',
  'require_change_request_subject',
] as const;
/**
 * Variants of the reference this installation refuses (400) rather than store and never honour:
 * there is no review agent, change requests here carry no description, and no expression
 * language is implemented for `custom`.
 */
export const UNSUPPORTED_RULES: Record<string, string> = {
  require_agent_review: 'this installation has no review agent',
  require_change_request_description: 'change requests here have no description (use require_change_request_subject)',
  custom: 'custom expressions are not supported; combine the other rules',
};

export type MergeRule =
  | { rule: (typeof USER_LIST_RULES)[number]; users: string[] }
  | { rule: (typeof PLAIN_RULES)[number] };

export type MergeRulesStandalone = { type: 'none' } | { type: 'rules'; rules: MergeRule[] };
export type MergeRulesSpace = { type: 'inherit' } | MergeRulesStandalone;

/** At most this many rules, and users per rule: a configuration, not a data set. */
export const MAX_MERGE_RULES = 50;
export const MAX_RULE_USERS = 100;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem of a merge rules configuration, naming where it is (`field` prefixes it); null when valid. */
export function mergeRulesProblem(value: unknown, field: string, options: { allowInherit: boolean }): string | null {
  const types = options.allowInherit ? ['inherit', 'rules', 'none'] : ['rules', 'none'];
  if (!isObject(value)) return `${field} must be an object with a type (${types.join(', ')})`;
  if (!types.includes(value['type'] as string)) return `${field}.type must be one of ${types.join(', ')}`;
  const allowed = value['type'] === 'rules' ? ['type', 'rules'] : ['type'];
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra) return `${field}.${extra} is not allowed with type ${value['type']}`;
  if (value['type'] !== 'rules') return null;
  const rules = value['rules'];
  if (!Array.isArray(rules)) return `${field}.rules must be an array`;
  if (rules.length > MAX_MERGE_RULES) return `${field}.rules must have at most ${MAX_MERGE_RULES} rules`;
  for (const [index, rule] of rules.entries()) {
    const problem = ruleProblem(rule, `${field}.rules[${index}]`);
    if (problem) return problem;
  }
  return null;
}

function ruleProblem(rule: unknown, at: string): string | null {
  if (!isObject(rule)) return `${at} must be an object with a rule`;
  const name = rule['rule'];
  if (typeof name !== 'string') return `${at}.rule must be a string`;
  if (name in UNSUPPORTED_RULES) return `${at}.rule ${name} is not supported: ${UNSUPPORTED_RULES[name]}`;
  if ((USER_LIST_RULES as readonly string[]).includes(name)) {
    const extra = Object.keys(rule).find((key) => key !== 'rule' && key !== 'users');
    if (extra) return `${at}.${extra} is not allowed in rule ${name}`;
    const users = rule['users'];
    if (!Array.isArray(users) || users.some((user) => typeof user !== 'string' || user.length === 0)) return `${at}.users must be an array of user ids`;
    if (users.length === 0) return `${at}.users must name at least one user`;
    if (users.length > MAX_RULE_USERS) return `${at}.users must have at most ${MAX_RULE_USERS} users`;
    return null;
  }
  if ((PLAIN_RULES as readonly string[]).includes(name)) {
    const extra = Object.keys(rule).find((key) => key !== 'rule');
    return extra ? `${at}.${extra} is not allowed in rule ${name}` : null;
  }
  return `${at}.rule must be one of ${[...USER_LIST_RULES, ...PLAIN_RULES].join(', ')}`;
}

/** The user ids a configuration names (to check they are members of the organization). */
export function mergeRulesUsers(config: MergeRulesSpace): string[] {
  if (config.type !== 'rules') return [];
  return [...new Set(config.rules.flatMap((rule) => ('users' in rule ? rule.users : [])))];
}

/** Validates an optional body field as a merge rules configuration (absent passes; null does not). */
export function IsMergeRules(options: { allowInherit: boolean }): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isMergeRules',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => value === undefined || mergeRulesProblem(value, args.property, options) === null,
        defaultMessage: (args: ValidationArguments) => mergeRulesProblem(args.value, args.property, options) ?? `${args.property} is invalid`,
      },
    });
}

/**
 * 400 naming the first user id of `config` that is not an active member of the organization
 * (another organization's user ids are as unknown as made-up ones).
 */
export async function assertMergeRulesUsersAreMembers(
  db: { query(sql: string, params: unknown[]): Promise<unknown> },
  organizationId: string,
  config: MergeRulesSpace,
  field: string,
): Promise<void> {
  const users = mergeRulesUsers(config);
  if (users.length === 0) return;
  const rows = (await db.query(
    `SELECT user_id FROM organization_members WHERE organization_id = $1 AND user_id = ANY($2::text[]) AND NOT disabled`,
    [organizationId, users],
  )) as { user_id: string }[];
  const members = new Set(rows.map((row) => row.user_id));
  const unknown = users.find((user) => !members.has(user));
  if (unknown) throw new BadRequestException(`${field}: user ${unknown} is not a member of the organization.`);
}

/** The OpenAPI schema of a merge rules configuration (the project's document; the reference's shapes). */
export function mergeRulesSchema(options: { allowInherit: boolean }): Record<string, unknown> {
  const users = { type: 'array', minItems: 1, maxItems: MAX_RULE_USERS, items: { type: 'string', minLength: 1, maxLength: 100 }, description: 'Member user ids.' };
  const rule = {
    oneOf: [
      { type: 'object', required: ['rule', 'users'], additionalProperties: false, properties: { rule: { type: 'string', enum: [...USER_LIST_RULES] }, users } },
      { type: 'object', required: ['rule'], additionalProperties: false, properties: { rule: { type: 'string', enum: [...PLAIN_RULES] } } },
    ],
  };
  const variants: Record<string, unknown>[] = [
    { type: 'object', required: ['type'], additionalProperties: false, properties: { type: { type: 'string', enum: ['none'] } } },
    {
      type: 'object',
      required: ['type', 'rules'],
      additionalProperties: false,
      properties: { type: { type: 'string', enum: ['rules'] }, rules: { type: 'array', maxItems: MAX_MERGE_RULES, items: rule } },
    },
  ];
  if (options.allowInherit) variants.unshift({ type: 'object', required: ['type'], additionalProperties: false, properties: { type: { type: 'string', enum: ['inherit'] } } });
  return { type: 'object', oneOf: variants };
}
