// @ts-check

/**
 * @typedef {import('../../../libs/platform/src/lib/runtime/launcher-messages').LauncherMessage} LauncherMessage
 * @typedef {Extract<LauncherMessage, { type: 'database-ready' }>} DatabaseReady
 * @typedef {Extract<LauncherMessage, { type: 'api-ready' }>} ApiReady
 * @typedef {Extract<LauncherMessage, { type: 'site-ready' }>} SiteReady
 */

/**
 * The short human summary printed once everything is up: where the api really listens, the
 * database, the processes, and the token when one was generated now (shown once). The value
 * of a preset BOOTSTRAP_TOKEN is never echoed.
 * @param {{ database: DatabaseReady, api: ApiReady, site?: SiteReady, pids: Record<string, number | undefined>, seconds: number }} state
 * @returns {string[]}
 */
function summary({ database, api, site, pids, seconds }) {
  const bound = api.address.includes(':') ? `[${api.address}]:${api.port}` : `${api.address}:${api.port}`;
  const lines = [
    `Ready in ${seconds.toFixed(1)} s: ${api.url}  (bound to ${bound}; reference ${api.url}/docs, health ${api.url}/health). Ctrl-C stops everything.`,
    database.embedded
      ? `  database  embedded PostgreSQL on 127.0.0.1:${database.embedded.port}, data in ${database.embedded.dataDir}`
      : '  database  the PostgreSQL of DATABASE_URL',
    `  processes launcher ${process.pid}, api ${pids.api}, worker ${pids.worker}${pids.site ? `, site ${pids.site}` : ''}`,
  ];
  if (site) {
    const siteBound = site.address.includes(':') ? `[${site.address}]:${site.port}` : `${site.address}:${site.port}`;
    lines.splice(1, 0, `  sites     ${site.url}/sites/<organization id>/<site basename or id>  (bound to ${siteBound}; custom hostnames answer there too)`);
  }
  const bootstrap = api.bootstrap;
  if (bootstrap.kind === 'generated') {
    lines.push(
      `  first start: created "${bootstrap.organizationTitle}" and its admin ${bootstrap.email}. Their API token (shown once, store it now):`,
      `    ${bootstrap.token}`,
      `  password: the admin chooses one at this one-time link (valid 24 h): ${bootstrap.passwordLink}`,
      `  try: curl -H "Authorization: Bearer <token>" ${api.url}/v1/user`,
    );
  } else if (bootstrap.kind === 'preset') {
    lines.push(
      `  first start: created "${bootstrap.organizationTitle}" and its admin ${bootstrap.email}; their API token is the BOOTSTRAP_TOKEN you set.`,
      `  password: the admin chooses one at this one-time link (valid 24 h): ${bootstrap.passwordLink}`,
    );
  } else {
    if (bootstrap.presetTokenUnknown) lines.push('  warning: BOOTSTRAP_TOKEN is set, but this database was bootstrapped without it: that value is not a valid token.');
    lines.push(`  sign in at ${api.url}/auth/sign-in; tokens: npm run cli -- tokens create --email <email>`);
  }
  return lines;
}

module.exports = { summary };
