/**
 * INTERIM converter between markdown and the reference's JSONDocument: paragraphs and headings
 * only. The full converter (lists, tables, code, hints, ...) is written in parallel in
 * `libs/content/src/lib/documents/` with the same signatures; once merged, `document-codec.ts`
 * (the one import site) points there and this file is deleted.
 */

/** The reference's JSONDocument (`components.schemas.JSONDocument`). */
export interface JSONDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: any[];
}

interface Leaf {
  object: 'leaf';
  text: string;
  marks: unknown[];
}

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;

function textNode(text: string) {
  return { object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] };
}

/** Markdown (paragraphs separated by blank lines, `#`..`###` headings) to a JSONDocument. */
export function markdownToDocument(markdown: string): JSONDocument {
  const nodes: unknown[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) nodes.push({ object: 'block', type: 'paragraph', nodes: [textNode(paragraph.join('\n'))] });
    paragraph = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      nodes.push({ object: 'block', type: `heading-${heading[1].length}`, data: {}, nodes: [textNode(heading[2])] });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return { object: 'document', data: {}, nodes };
}

/** The text of a node and its descendants. */
function plainText(node: any): string {
  if (!node || typeof node !== 'object') return '';
  if (Array.isArray(node.leaves)) return (node.leaves as Leaf[]).map((leaf) => leaf.text).join('');
  if (Array.isArray(node.nodes)) return node.nodes.map(plainText).join('');
  return '';
}

/** A JSONDocument to markdown: headings and paragraphs; any other block as its plain text. */
export function documentToMarkdown(document: JSONDocument): string {
  const blocks = document.nodes.map((node) => {
    const heading = /^heading-([1-3])$/.exec(node?.type ?? '');
    const text = plainText(node);
    return heading ? `${'#'.repeat(Number(heading[1]))} ${text}` : text;
  });
  const markdown = blocks.filter((block) => block !== '').join('\n\n');
  return markdown === '' ? '' : `${markdown}\n`;
}
