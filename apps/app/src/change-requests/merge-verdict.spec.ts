import { list, mergeVerdict, VerdictInput } from './merge-verdict';

const names: Record<string, string> = { ada: 'Ada', bea: 'Bea', cy: 'Cy' };
const input = (over: Partial<VerdictInput> = {}, cr: Partial<VerdictInput['changeRequest']> = {}): VerdictInput => ({
  spaceRules: { type: 'inherit' },
  organizationRules: { type: 'none' },
  changeRequest: { status: 'open', subject: 'Fix the intro', outdated: false, conflicts: [], createdBy: 'ada', mayMerge: true, ...cr },
  actorId: 'bea',
  reviews: [],
  pendingReviewers: [],
  nameOf: (id) => names[id] ?? id,
  ...over,
});

describe('mergeVerdict', () => {
  it('lets an open change request merge when no rule applies', () => {
    expect(mergeVerdict(input())).toEqual({ canMerge: true, reasons: [], bypassed: false });
  });

  it('says why not: status, level, conflicts', () => {
    expect(mergeVerdict(input({}, { status: 'merged' })).reasons).toEqual(['It is merged already.']);
    expect(mergeVerdict(input({}, { status: 'archived' })).reasons).toEqual(['It is archived: reopen it first.']);
    expect(mergeVerdict(input({}, { mayMerge: false, conflicts: ['p1', 'p2'] })).reasons).toEqual([
      'You cannot merge in this space: it takes the review level.',
      '2 pages have conflicts with the space to resolve.',
    ]);
  });

  it('names the people the rules wait for, leaving the author out', () => {
    const rules = {
      type: 'rules' as const,
      rules: [{ rule: 'require_specific_reviewers', users: ['ada', 'bea', 'cy'] }, { rule: 'require_all_reviews_approved' }, { rule: 'require_up_to_date_change_request' }, { rule: 'require_change_request_subject' }],
    };
    const verdict = mergeVerdict(input({ spaceRules: rules, reviews: [{ reviewerId: 'cy', status: 'changes-requested' }], pendingReviewers: ['bea'] }, { outdated: true, subject: ' ' }));
    expect(verdict).toEqual({
      canMerge: false,
      bypassed: false,
      reasons: ['Cy requested changes.', 'It needs the approval of Bea and Cy.', 'Requested reviews are pending: Bea.', 'It is outdated: update it from the space first.', 'It needs a subject.'],
    });
  });

  it('follows the organization when the space inherits, and lets a bypassing user merge', () => {
    const organizationRules = { type: 'rules' as const, rules: [{ rule: 'require_at_least_one_review' }, { rule: 'require_one_of_specific_reviewers', users: ['bea', 'cy'] }] };
    expect(mergeVerdict(input({ organizationRules })).reasons).toEqual(['It needs an approval of its current version.', 'It needs the approval of one of Bea and Cy.']);
    expect(mergeVerdict(input({ organizationRules, reviews: [{ reviewerId: 'cy', status: 'approved' }] })).canMerge).toBe(true);
    const bypass = { type: 'rules' as const, rules: [...organizationRules.rules, { rule: 'allow_bypass', users: ['bea'] }] };
    expect(mergeVerdict(input({ organizationRules: bypass }))).toEqual({ canMerge: true, reasons: [], bypassed: true });
    expect(mergeVerdict(input({ spaceRules: { type: 'none' }, organizationRules })).canMerge).toBe(true);
  });
});

describe('list', () => {
  it('joins names as a sentence does', () => {
    expect([list([]), list(['A']), list(['A', 'B']), list(['A', 'B', 'C'])]).toEqual(['', 'A', 'A and B', 'A, B and C']);
  });
});
