/**
 * What a content read acts on, resolved by the route after its permission check: a space's
 * current content (`headKey` set: reads use the head's index), or one of its revisions by id
 * (`headKey` null: reads walk the revision's tree). A change request's content (issue 9) is a
 * target whose `headKey` is the change request's id.
 */
export interface ContentTarget {
  organizationId: string;
  spaceId: string;
  revisionId: string;
  headKey: string | null;
}
