import { createInterface } from 'node:readline';
import { runCli } from './cli';

/** The first line of standard input: a password piped in, or typed (then not echoed back by us). */
function readLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: process.stdin, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => (answered ? undefined : reject(new Error('standard input ended before a line was read'))));
  });
}

// On a terminal, progress is one line updated in place, ended before the next line of output.
let progressShown = false;
const endProgress = () => {
  if (progressShown) process.stdout.write('\n');
  progressShown = false;
};

runCli(process.argv.slice(2), {
  out: (line) => {
    endProgress();
    process.stdout.write(`${line}\n`);
  },
  err: (line) => {
    endProgress();
    process.stderr.write(`${line}\n`);
  },
  progress: process.stdout.isTTY
    ? (line) => {
        process.stdout.write(`\r\x1b[2K${line}`);
        progressShown = true;
      }
    : (line) => process.stdout.write(`${line}\n`),
  readLine,
}).then((code) => {
  endProgress();
  process.exit(code);
});
