/**
 * Whether a change request can be merged, and why not, in words: what the merge would check
 * (docs/api-decisions.md, "Merge" and "Merge rules": its status, the caller's level, the conflicts
 * an update left, then the space's effective merge rules on the current reviews). The server
 * decides on merge; this says beforehand what it will say, with people's names.
 */
export type MergeRule = { rule: string; users?: string[] };
export type MergeRules = { type: 'inherit' } | { type: 'none' } | { type: 'rules'; rules: MergeRule[] };

export interface VerdictInput {
  /** The space's merge rules, and the organization's (what `inherit` means). */
  spaceRules: MergeRules;
  organizationRules: MergeRules;
  changeRequest: { status: string; subject: string; outdated: boolean; conflicts: string[]; createdBy?: string; mayMerge: boolean };
  /** The caller. */
  actorId: string;
  /** Current reviews: against the head, not superseded. */
  reviews: { reviewerId: string; status: 'approved' | 'changes-requested' }[];
  /** Users asked to review who have not reviewed since. */
  pendingReviewers: string[];
  /** A person's name by user id. */
  nameOf: (userId: string) => string;
}

export interface MergeVerdict {
  canMerge: boolean;
  /** Each thing in the way, as a sentence; empty when it can merge. */
  reasons: string[];
  /** True when the caller may merge only because a rule lets them bypass the others. */
  bypassed: boolean;
}

export function mergeVerdict(input: VerdictInput): MergeVerdict {
  const { changeRequest: cr } = input;
  if (cr.status === 'merged') return blocked('It is merged already.');
  if (cr.status === 'archived') return blocked('It is archived: reopen it first.');
  const reasons: string[] = [];
  if (!cr.mayMerge) reasons.push('You cannot merge in this space: it takes the review level.');
  if (cr.conflicts.length > 0) reasons.push(`${count(cr.conflicts.length, 'page has', 'pages have')} conflicts with the space to resolve.`);
  const rules = input.spaceRules.type === 'inherit' ? input.organizationRules : input.spaceRules;
  if (rules.type !== 'rules') return verdict(reasons, false);
  if (rules.rules.some((rule) => rule.rule === 'allow_bypass' && rule.users?.includes(input.actorId))) return verdict(reasons, reasons.length === 0);

  const names = (ids: string[]) => list(ids.map(input.nameOf));
  const approvedBy = new Set(input.reviews.filter((review) => review.status === 'approved').map((review) => review.reviewerId));
  const blockers = input.reviews.filter((review) => review.status === 'changes-requested').map((review) => review.reviewerId);
  if (blockers.length > 0) reasons.push(`${names(blockers)} requested changes.`);
  // The author cannot approve their own change request: leaving them out keeps a rule satisfiable.
  const others = (users: string[] = []) => users.filter((user) => user !== cr.createdBy);
  for (const rule of rules.rules) {
    if (rule.rule === 'require_specific_reviewers') {
      const missing = others(rule.users).filter((user) => !approvedBy.has(user));
      if (missing.length > 0) reasons.push(`It needs the approval of ${names(missing)}.`);
    } else if (rule.rule === 'require_one_of_specific_reviewers') {
      const candidates = others(rule.users);
      if (candidates.length > 0 && !candidates.some((user) => approvedBy.has(user))) reasons.push(`It needs the approval of one of ${names(candidates)}.`);
    } else if (rule.rule === 'require_at_least_one_review') {
      if (approvedBy.size === 0) reasons.push('It needs an approval of its current version.');
    } else if (rule.rule === 'require_all_reviews_approved') {
      if (input.pendingReviewers.length > 0) reasons.push(`Requested reviews are pending: ${names(input.pendingReviewers)}.`);
    } else if (rule.rule === 'require_up_to_date_change_request') {
      if (cr.outdated) reasons.push('It is outdated: update it from the space first.');
    } else if (rule.rule === 'require_change_request_subject') {
      if (cr.subject.trim() === '') reasons.push('It needs a subject.');
    }
  }
  return verdict(reasons, false);
}

function verdict(reasons: string[], bypassed: boolean): MergeVerdict {
  return { canMerge: reasons.length === 0, reasons, bypassed };
}

function blocked(reason: string): MergeVerdict {
  return { canMerge: false, reasons: [reason], bypassed: false };
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "A", "A and B", "A, B and C". */
export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
