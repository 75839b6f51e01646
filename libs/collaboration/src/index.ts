/**
 * Collaboration: change requests (lifecycle, their content, three-way merge and update).
 * Reviews, review requests and merge rules. Comments, replies, reactions and mentions on spaces and
 * change requests. Depends on platform, identity and content.
 */
export * from './lib/collaboration.module';
export * from './lib/collaboration-core.module';
export * from './lib/change-requests/change-request.entity';
export * from './lib/change-requests/change-request-number.entity';
export * from './lib/change-requests/change-request-contributor.entity';
export * from './lib/change-requests/change-request-head';
export * from './lib/change-requests/change-request-heads';
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
export * from './lib/comments/comment.entity';
export * from './lib/comments/comment-reply.entity';
export * from './lib/comments/comment-reaction.entity';
export * from './lib/comments/comment-mention.entity';
export * from './lib/comments/comment-thread.entity';
export * from './lib/comments/comment-thread';
export * from './lib/comments/comments.service';
export * from './lib/comments/comment-replies.service';
export * from './lib/comments/reaction-emoji';
