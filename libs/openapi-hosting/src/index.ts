/**
 * Hosted OpenAPI specs and their versions, and the worker job that fetches them.
 * Depends on platform and identity only. Nothing is built here yet (spec section 4.15).
 */
export {};
