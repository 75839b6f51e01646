import { markdownToDocument, documentToMarkdown } from '@docs/content';
import { readFileSync } from 'node:fs';
const d = markdownToDocument(readFileSync(process.argv[2], 'utf8'));
console.log(JSON.stringify(d.nodes.map((n: any) => n.nodes)));
console.log(documentToMarkdown(d));
