// Preloaded into the api by `BENCH_STATEMENTS=1 npm run bench` (node -r): counts the pg statements
// each HTTP request runs, by statement name (or the text's start), attributed through
// AsyncLocalStorage. Exact for requests sent one at a time, which is how the bench uses it.
// On SIGUSR2 it writes what it counted since the last signal to BENCH_STATEMENTS_FILE and resets,
// with how PostgreSQL planned each named statement so far on the api's connections
// (pg_prepared_statements: generic plans are planned once, custom plans on every execution).
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const { writeFileSync } = require('node:fs');
const http = require('node:http');
const pg = require(require.resolve('pg', { paths: [process.cwd()] }));

const requests = new AsyncLocalStorage();
let counted = { requests: 0, statements: {} };

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event !== 'request') return emit.call(this, event, ...args);
  counted.requests++;
  return requests.run(counted, () => emit.call(this, event, ...args));
};

const clients = new Set();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...args) {
  clients.add(this);
  const store = requests.getStore();
  if (store) {
    const name = typeof config === 'string' ? config : config.name || String(config.text);
    const key = name.replace(/\s+/g, ' ').trim().slice(0, 60);
    store.statements[key] = (store.statements[key] || 0) + 1;
  }
  return query.call(this, config, ...args);
};

/** Generic and custom plans per statement name, summed over the connections (idle between the bench's requests). */
async function plans() {
  const byName = {};
  for (const client of clients) {
    if (client._ending || !client._connected) continue;
    const { rows } = await query.call(client, 'SELECT name, generic_plans, custom_plans FROM pg_prepared_statements');
    for (const row of rows) {
      const plan = (byName[row.name] ??= { generic: 0, custom: 0 });
      plan.generic += Number(row.generic_plans);
      plan.custom += Number(row.custom_plans);
    }
  }
  return byName;
}

process.on('SIGUSR2', () => {
  const done = counted;
  counted = { requests: 0, statements: {} };
  plans()
    .catch(() => ({}))
    .then((byName) => writeFileSync(process.env.BENCH_STATEMENTS_FILE, JSON.stringify({ ...done, plans: byName })));
});
