/**
 * Integrations and their installations (translation settings may sit here too).
 * Depends on platform, identity and content. Nothing is built here yet (spec sections 4.16, 4.19).
 */
export {};
