/** Where the site server takes what readers send, under a site's base path: `/feedback` and `/link` below it. */
export const INSIGHTS_PATH = '~site/insights';
/** The site's Model Context Protocol endpoint, under its base path. */
export const MCP_PATH = '~mcp';
