/** What a reaction or a mention is on: a comment (`replyId` null) or one of its replies. */
export interface CommentSubject {
  commentId: string;
  replyId: string | null;
  spaceId: string;
}

/** The id a subject's reactions and mentions are keyed by. */
export const subjectIdOf = (subject: CommentSubject) => subject.replyId ?? subject.commentId;
