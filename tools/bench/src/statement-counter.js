// Preloaded into the api by `BENCH_STATEMENTS=1 npm run bench` (node -r): counts the pg statements
// each HTTP request runs, by statement name (or the text's start), attributed through
// AsyncLocalStorage. Exact for requests sent one at a time, which is how the bench uses it.
// On SIGUSR2 it writes what it counted since the last signal to BENCH_STATEMENTS_FILE and resets.
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

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...args) {
  const store = requests.getStore();
  if (store) {
    const name = typeof config === 'string' ? config : config.name || String(config.text);
    const key = name.replace(/\s+/g, ' ').trim().slice(0, 60);
    store.statements[key] = (store.statements[key] || 0) + 1;
  }
  return query.call(this, config, ...args);
};

process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_STATEMENTS_FILE, JSON.stringify(counted));
  counted = { requests: 0, statements: {} };
});
