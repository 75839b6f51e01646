import type { ChildNode, Element, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { DocNode } from './document-nodes';
import { plainText } from './document-text';

/**
 * GitBook writes a code block with highlighted lines as HTML, markdown's fences having no way to
 * say it: `<pre class="language-json" data-title="x"><code class="lang-json">`, each highlighted
 * line (its line break included) in `<strong>`, the text HTML-escaped, `</code></pre>`. This reads
 * it as the reference's code block (`code-line` with `data.highlighted`) and writes it back.
 */
/** The code block an HTML `<pre><code>` block stands for; undefined for any other HTML. */
export function htmlCodeBlock(html: string): DocNode | undefined {
  const root = parseDocument(html.trim(), { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const [pre, ...rest] = root.children.filter((node) => !(node.type === 'text' && node.data.trim() === ''));
  if (rest.length > 0 || !isTag(pre, 'pre')) return undefined;
  const [code, ...others] = pre.children;
  if (others.length > 0 || !isTag(code, 'code')) return undefined;
  // Only GitBook's own marks, `<strong>` around whole lines: anything else is the author's HTML.
  const lines: { text: string; highlighted: boolean }[] = [];
  let line = '';
  let highlighted = false;
  const add = (text: string, bold: boolean) => {
    for (const [index, part] of text.split('\n').entries()) {
      if (index > 0) {
        lines.push({ text: line, highlighted });
        line = '';
        highlighted = false;
      }
      if (bold && part !== '' && line === '') highlighted = true;
      line += part;
    }
  };
  for (const child of code.children) {
    if (child.type === 'text') add(child.data, false);
    else if (isTag(child, 'strong') && child.children.every((inner) => inner.type === 'text')) {
      if (line === '') highlighted = true;
      add(child.children.map((inner) => (inner as Text).data).join(''), true);
    } else return undefined;
  }
  if (line !== '' || lines.length === 0) lines.push({ text: line, highlighted });
  const attributes = pre.attribs;
  const syntax = (attributes['class'] ?? code.attribs['class'] ?? '').match(/\b(?:language|lang)-([\w+#.-]+)/)?.[1];
  const data: Record<string, unknown> = {};
  if (syntax) data['syntax'] = syntax;
  if (attributes['data-title']) data['title'] = attributes['data-title'];
  if (attributes['data-overflow'] === 'wrap' || attributes['data-overflow'] === 'scroll') data['overflow'] = attributes['data-overflow'];
  if ('data-line-numbers' in attributes) data['lineNumbers'] = attributes['data-line-numbers'] !== 'false';
  if (attributes['data-full-width'] === 'true' || attributes['data-full-width'] === 'false') data['fullWidth'] = attributes['data-full-width'] === 'true';
  return {
    object: 'block',
    type: 'code',
    isVoid: false,
    data,
    nodes: lines.map((entry) => ({
      object: 'block',
      type: 'code-line',
      isVoid: false,
      data: entry.highlighted ? { highlighted: true } : {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: entry.text, marks: [] }] }],
    })),
  };
}

const isTag = (node: ChildNode | undefined, name: string): node is Element => !!node && node.type === 'tag' && (node as Element).name === name;

/** Whether a code block needs GitBook's HTML form (some line is highlighted). */
export const codeNeedsHtml = (node: DocNode) => (node.nodes ?? []).some((line) => line.data?.highlighted === true);

const escapeCode = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');

/** A code block as GitBook's `<pre><code>` HTML. */
export function codeBlockHtml(node: DocNode): string {
  const data = node.data ?? {};
  const syntax = data.syntax ? String(data.syntax) : '';
  const pre =
    (syntax ? ` class="language-${escapeAttribute(syntax)}"` : '') +
    (data.title ? ` data-title="${escapeAttribute(String(data.title))}"` : '') +
    (data.overflow ? ` data-overflow="${escapeAttribute(String(data.overflow))}"` : '') +
    (data.lineNumbers !== undefined ? (data.lineNumbers ? ' data-line-numbers' : ' data-line-numbers="false"') : '') +
    (data.fullWidth !== undefined ? ` data-full-width="${data.fullWidth}"` : '');
  // Every line ends with its line break, inside the `<strong>` of a highlighted one.
  const body = (node.nodes ?? []).map((line) => (line.data?.highlighted ? `<strong>${escapeCode(plainText(line))}\n</strong>` : `${escapeCode(plainText(line))}\n`)).join('');
  return `<pre${pre}><code${syntax ? ` class="lang-${escapeAttribute(syntax)}"` : ''}>${body}</code></pre>`;
}
