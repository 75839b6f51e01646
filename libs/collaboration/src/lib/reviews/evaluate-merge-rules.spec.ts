import type { MergeRule, MergeRulesStandalone } from '@docs/identity';
import { effectiveMergeRules, evaluateMergeRules, MergeRulesInput } from './evaluate-merge-rules';

const input = (over: Partial<MergeRulesInput> = {}): MergeRulesInput => ({
  actorId: 'merger',
  changeRequest: { createdBy: 'author', subject: 'Fix', outdated: false },
  reviews: [],
  pendingReviewers: [],
  ...over,
});
const rules = (...list: MergeRule[]): MergeRulesStandalone => ({ type: 'rules', rules: list });
const unmet = (config: MergeRulesStandalone, over: Partial<MergeRulesInput> = {}) => {
  const verdict = evaluateMergeRules(config, input(over));
  return verdict.allowed ? [] : verdict.unmet.map((u) => u.rule);
};

describe('evaluateMergeRules', () => {
  it('none allows everything, even a changes-requested review', () => {
    expect(evaluateMergeRules({ type: 'none' }, input({ reviews: [{ reviewerId: 'r', status: 'changes-requested' }] }))).toEqual({ allowed: true, bypassed: false });
  });

  it('an empty rule list still blocks on a current changes-requested review', () => {
    expect(unmet(rules())).toEqual([]);
    expect(unmet(rules(), { reviews: [{ reviewerId: 'r', status: 'changes-requested' }] })).toEqual(['no_changes_requested']);
  });

  it('require_at_least_one_review needs one approval', () => {
    const config = rules({ rule: 'require_at_least_one_review' });
    expect(unmet(config)).toEqual(['require_at_least_one_review']);
    expect(unmet(config, { reviews: [{ reviewerId: 'r', status: 'approved' }] })).toEqual([]);
  });

  it('require_specific_reviewers needs each of them (the author left out)', () => {
    const config = rules({ rule: 'require_specific_reviewers', users: ['a', 'b', 'author'] });
    expect(unmet(config, { reviews: [{ reviewerId: 'a', status: 'approved' }] })).toEqual(['require_specific_reviewers']);
    expect(unmet(config, { reviews: [{ reviewerId: 'a', status: 'approved' }, { reviewerId: 'b', status: 'approved' }] })).toEqual([]);
  });

  it('require_one_of_specific_reviewers needs any one of them', () => {
    const config = rules({ rule: 'require_one_of_specific_reviewers', users: ['a', 'b'] });
    expect(unmet(config, { reviews: [{ reviewerId: 'c', status: 'approved' }] })).toEqual(['require_one_of_specific_reviewers']);
    expect(unmet(config, { reviews: [{ reviewerId: 'b', status: 'approved' }] })).toEqual([]);
    // Only the author listed: nobody else could ever satisfy it, so it does not block.
    expect(unmet(rules({ rule: 'require_one_of_specific_reviewers', users: ['author'] }))).toEqual([]);
  });

  it('require_all_reviews_approved: no pending request, no changes requested', () => {
    const config = rules({ rule: 'require_all_reviews_approved' });
    expect(unmet(config)).toEqual([]);
    expect(unmet(config, { pendingReviewers: ['p'] })).toEqual(['require_all_reviews_approved']);
    expect(unmet(config, { reviews: [{ reviewerId: 'r', status: 'changes-requested' }] })).toEqual(['no_changes_requested']);
  });

  it('require_up_to_date_change_request and require_change_request_subject', () => {
    expect(unmet(rules({ rule: 'require_up_to_date_change_request' }), { changeRequest: { createdBy: 'author', subject: 'x', outdated: true } })).toEqual([
      'require_up_to_date_change_request',
    ]);
    expect(unmet(rules({ rule: 'require_change_request_subject' }), { changeRequest: { createdBy: 'author', subject: '  ', outdated: false } })).toEqual([
      'require_change_request_subject',
    ]);
  });

  it('allow_bypass lets its users merge whatever else is unmet', () => {
    const config = rules({ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: ['merger'] });
    expect(evaluateMergeRules(config, input({ reviews: [{ reviewerId: 'r', status: 'changes-requested' }] }))).toEqual({ allowed: true, bypassed: true });
    expect(unmet(config, { actorId: 'other' })).toEqual(['require_at_least_one_review']);
  });

  it('lists every unmet rule at once', () => {
    const config = rules({ rule: 'require_at_least_one_review' }, { rule: 'require_change_request_subject' });
    expect(unmet(config, { changeRequest: { createdBy: 'author', subject: '', outdated: false } })).toEqual([
      'require_at_least_one_review',
      'require_change_request_subject',
    ]);
  });

  it('a space that inherits takes the organization rules', () => {
    expect(effectiveMergeRules({ type: 'inherit' }, { type: 'none' })).toEqual({ type: 'none' });
    expect(effectiveMergeRules({ type: 'rules', rules: [] }, { type: 'none' })).toEqual({ type: 'rules', rules: [] });
  });
});
