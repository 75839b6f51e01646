/**
 * Collaboration: change requests (lifecycle, their content, three-way merge and update).
 * Reviews, review requests and merge rules. Depends on platform, identity and content.
 */
export * from './lib/collaboration.module';
export * from './lib/collaboration-core.module';
export * from './lib/change-requests/change-request.entity';
export * from './lib/change-requests/change-request-number.entity';
export * from './lib/change-requests/change-request-contributor.entity';
export * from './lib/change-requests/change-request-head';
export * from './lib/change-requests/change-request-permissions';
export * from './lib/change-requests/change-request.presenter';
export * from './lib/change-requests/change-requests.service';
export * from './lib/change-requests/status-moves';
export * from './lib/change-request-content/change-request-content.service';
export * from './lib/merge/merge.service';
export * from './lib/merge/merge-listeners';
export * from './lib/merge/diff-trees';
export * from './lib/merge/merge-plan';
export * from './lib/merge/text-merge';
export * from './lib/reviews/change-request-review.entity';
export * from './lib/reviews/requested-reviewer.entity';
export * from './lib/reviews/evaluate-merge-rules';
export * from './lib/reviews/reviews.service';
