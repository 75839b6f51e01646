/**
 * Docs sites: sites, sections, section groups, site spaces, share links, adaptive content.
 * Depends on platform, identity and content. Nothing is built here yet (spec sections 4.9 to 4.13).
 */
export {};
