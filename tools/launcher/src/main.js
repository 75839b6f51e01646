// @ts-check
const { launch } = require('./launcher');

/** @param {string} line */
const say = (line) => process.stdout.write(`[start] ${line}\n`);

launch(process.env, say).then(
  (code) => process.exit(code),
  (/** @type {unknown} */ error) => {
    process.stderr.write(`[start] ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
