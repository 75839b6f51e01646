import { ConfigError } from '@docs/platform';
import { launch } from './launcher';

const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

launch(process.env, say).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[start] ${error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
