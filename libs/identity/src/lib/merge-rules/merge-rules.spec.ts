import { mergeRulesProblem, mergeRulesUsers } from './merge-rules';

const problem = (value: unknown, allowInherit = true) => mergeRulesProblem(value, 'mergeRules', { allowInherit });

describe('mergeRulesProblem', () => {
  it('accepts every supported variant of the reference', () => {
    expect(problem({ type: 'inherit' })).toBeNull();
    expect(problem({ type: 'none' })).toBeNull();
    expect(
      problem({
        type: 'rules',
        rules: [
          { rule: 'require_specific_reviewers', users: ['a'] },
          { rule: 'require_one_of_specific_reviewers', users: ['a', 'b'] },
          { rule: 'allow_bypass', users: ['c'] },
          { rule: 'require_at_least_one_review' },
          { rule: 'require_all_reviews_approved' },
          { rule: 'require_up_to_date_change_request' },
          { rule: 'require_change_request_subject' },
        ],
      }),
    ).toBeNull();
  });

  it('names the field of the first problem', () => {
    expect(problem({ type: 'inherit' }, false)).toBe('mergeRules.type must be one of rules, none');
    expect(problem('none')).toMatch(/^mergeRules must be an object/);
    expect(problem({ type: 'rules' })).toBe('mergeRules.rules must be an array');
    expect(problem({ type: 'none', rules: [] })).toBe('mergeRules.rules is not allowed with type none');
    expect(problem({ type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] })).toBe('mergeRules.rules[0].users must be an array of user ids');
    expect(problem({ type: 'rules', rules: [{ rule: 'allow_bypass', users: [] }] })).toBe('mergeRules.rules[0].users must name at least one user');
    expect(problem({ type: 'rules', rules: [{ rule: 'require_at_least_one_review', users: ['a'] }] })).toBe(
      'mergeRules.rules[0].users is not allowed in rule require_at_least_one_review',
    );
    expect(problem({ type: 'rules', rules: [{ rule: 'nope' }] })).toMatch(/^mergeRules.rules\[0\].rule must be one of/);
  });

  it('refuses the variants this installation cannot honour, saying why', () => {
    expect(problem({ type: 'rules', rules: [{ rule: 'custom', expression: 'true' }] })).toMatch(/custom is not supported/);
    expect(problem({ type: 'rules', rules: [{ rule: 'require_agent_review' }] })).toMatch(/no review agent/);
    expect(problem({ type: 'rules', rules: [{ rule: 'require_change_request_description' }] })).toMatch(/no description/);
  });

  it('collects the users named', () => {
    expect(mergeRulesUsers({ type: 'rules', rules: [{ rule: 'allow_bypass', users: ['a', 'b'] }, { rule: 'require_specific_reviewers', users: ['b'] }] })).toEqual([
      'a',
      'b',
    ]);
    expect(mergeRulesUsers({ type: 'inherit' })).toEqual([]);
  });
});
