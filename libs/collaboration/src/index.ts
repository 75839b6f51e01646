/**
 * Collaboration: change requests, merge and update, comments, replies, reactions, PDF export.
 * Depends on platform, identity and content. Nothing is built here yet (spec sections 4.2 to 4.5).
 */
export {};
