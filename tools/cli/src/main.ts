import { runCli } from './cli';

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
}).then((code) => {
  endProgress();
  process.exit(code);
});
