import { PdfPage, renderPdf } from '@docs/content';
import { markdownToDocument } from '@docs/document-model';

/**
 * The PDF renderer's cost (issue 9): CPU time and size of exports of 10, 100 and 1,000 pages of
 * a realistic body (prose, a heading, a nested list, a code block, a table), and the longest
 * stall of the event loop while one renders (it yields between pages). Pure rendering: no
 * database. Run: npm run bench:pdf
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const body = markdownToDocument(
  [
    'Some **prose** with a [link](https://example.com) and `inline code`.',
    '## Section',
    '* one\n* two\n  * nested',
    '```ts\nconst total = compute(1, 2);\nconsole.log(total);\n```',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20),
  ].join('\n\n'),
);

async function measure(count: number): Promise<void> {
  const pages: PdfPage[] = Array.from({ length: count }, (_, i) => ({
    pageId: `p${i}`,
    type: 'document',
    title: `Page ${i}`,
    depth: i % 3 === 0 ? 0 : 1,
    description: null,
    href: null,
    document: body,
  }));
  const cpu: number[] = [];
  let size = 0;
  let stall = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 1);
    const before = process.cpuUsage();
    const bytes = await renderPdf({ title: 'Bench', subtitle: null, revisionId: 'r', createdAt: new Date(0), pages, images: new Map() });
    const used = process.cpuUsage(before);
    clearInterval(timer);
    cpu.push((used.user + used.system) / 1000);
    size = bytes.length;
  }
  cpu.sort((a, b) => a - b);
  console.log(
    `${count} pages: CPU ${cpu[0].toFixed(0)} to ${cpu[cpu.length - 1].toFixed(0)} ms (best to worst of ${ROUNDS}), ` +
      `${(size / 1024).toFixed(0)} KB, longest event-loop stall ${stall.toFixed(0)} ms`,
  );
}

async function main(): Promise<void> {
  for (const count of [10, 100, 1000]) await measure(count);
}

void main();
