import { spawn } from 'node:child_process';

/**
 * Reads a PDF back in a separate Node process: pdf-parse (pdf.js) loads its worker with a dynamic
 * `import()`, which Jest's CommonJS sandbox cannot run, so the parser runs where Node can.
 */
const SCRIPT = `
const { PDFParse } = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  await parser.destroy();
  process.stdout.write(JSON.stringify({ text: result.text, pages: result.total }));
});`;

/** The text of a PDF as an independent parser extracts it, and its page count. */
export function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SCRIPT, require.resolve('pdf-parse')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`pdf-parse failed (${code}): ${err}`))));
    child.stdin.end(bytes);
  });
}
