import type { MergeRule, MergeRulesStandalone } from '@docs/identity';

/** What the rules look at: one change request at merge time. */
export interface MergeRulesInput {
  /** The user asking to merge. */
  actorId: string;
  changeRequest: { createdBy: string | null; subject: string; outdated: boolean };
  /** Current reviews: made against the change request's head and not superseded by a newer one of the same reviewer. */
  reviews: { reviewerId: string; status: 'approved' | 'changes-requested' }[];
  /** Users asked to review who have not reviewed the current head yet. */
  pendingReviewers: string[];
}

export interface UnmetRule {
  rule: MergeRule['rule'] | 'no_changes_requested';
  message: string;
}

export type MergeRulesVerdict = { allowed: true; bypassed: boolean } | { allowed: false; unmet: UnmetRule[] };

/**
 * Decides whether a merge is allowed. `none` allows everything. Under `rules`: a user named by
 * `allow_bypass` may always merge; otherwise every rule must pass, and a current
 * `changes-requested` review blocks the merge (until its reviewer approves, or the head moves on
 * and makes it outdated). The author never reviews their own change request, so they are left
 * out of the user lists of `require_specific_reviewers` / `require_one_of_specific_reviewers`.
 */
export function evaluateMergeRules(config: MergeRulesStandalone, input: MergeRulesInput): MergeRulesVerdict {
  if (config.type === 'none') return { allowed: true, bypassed: false };
  if (config.rules.some((rule) => rule.rule === 'allow_bypass' && rule.users.includes(input.actorId))) return { allowed: true, bypassed: true };

  const approvedBy = new Set(input.reviews.filter((r) => r.status === 'approved').map((r) => r.reviewerId));
  const blockers = input.reviews.filter((r) => r.status === 'changes-requested').map((r) => r.reviewerId);
  const unmet: UnmetRule[] = [];
  if (blockers.length > 0) {
    unmet.push({ rule: 'no_changes_requested', message: `changes are requested by ${blockers.join(', ')} on the current revision` });
  }
  const others = (users: string[]) => users.filter((user) => user !== input.changeRequest.createdBy);
  for (const rule of config.rules) {
    switch (rule.rule) {
      case 'allow_bypass':
        break;
      case 'require_specific_reviewers': {
        const missing = others(rule.users).filter((user) => !approvedBy.has(user));
        if (missing.length > 0) unmet.push({ rule: rule.rule, message: `approvals of ${missing.join(', ')} are missing` });
        break;
      }
      case 'require_one_of_specific_reviewers': {
        const candidates = others(rule.users);
        if (candidates.length > 0 && !candidates.some((user) => approvedBy.has(user))) {
          unmet.push({ rule: rule.rule, message: `an approval of one of ${candidates.join(', ')} is needed` });
        }
        break;
      }
      case 'require_at_least_one_review':
        if (approvedBy.size === 0) unmet.push({ rule: rule.rule, message: 'at least one approval of the current revision is needed' });
        break;
      case 'require_all_reviews_approved':
        if (input.pendingReviewers.length > 0) unmet.push({ rule: rule.rule, message: `requested reviews of ${input.pendingReviewers.join(', ')} are still pending` });
        break;
      case 'require_up_to_date_change_request':
        if (input.changeRequest.outdated) unmet.push({ rule: rule.rule, message: 'the change request is outdated: update it from the space first' });
        break;
      case 'require_change_request_subject':
        if (input.changeRequest.subject.trim() === '') unmet.push({ rule: rule.rule, message: 'the change request needs a subject' });
        break;
    }
  }
  return unmet.length === 0 ? { allowed: true, bypassed: false } : { allowed: false, unmet };
}

/** The effective configuration: the space's own, or the organization's when the space inherits. */
export function effectiveMergeRules(space: { type: 'inherit' } | MergeRulesStandalone, organization: MergeRulesStandalone): MergeRulesStandalone {
  return space.type === 'inherit' ? organization : space;
}
