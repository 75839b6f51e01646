import { parseHTML } from 'linkedom';

/** Small builders of JSONDocument nodes, for the renderer's tests. */
type Node = Record<string, any>;

export const text = (value: string, ...marks: (string | Node)[]): Node => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((mark) => (typeof mark === 'string' ? { object: 'mark', type: mark } : { object: 'mark', ...mark })) }],
});
export const block = (type: string, nodes: Node[] = [], data: Node = {}, extra: Node = {}): Node => ({ object: 'block', type, data, nodes, ...extra });
export const inline = (type: string, data: Node = {}, nodes: Node[] = [], extra: Node = {}): Node => ({ object: 'inline', type, data, nodes, ...extra });
export const p = (...nodes: (Node | string)[]): Node => block('paragraph', nodes.map((n) => (typeof n === 'string' ? text(n) : n)));
export const heading = (level: 1 | 2 | 3, title: string, data: Node = {}): Node => block(`heading-${level}`, [text(title)], data);
export const item = (...nodes: Node[]): Node => block('list-item', nodes);
export const fragment = (name: string, nodes: Node[]): Node => ({ object: 'fragment', fragment: name, type: name, nodes });
export const code = (lines: string[], data: Node = {}): Node => block('code', lines.map((line) => block('code-line', [text(line)])), data);
export const doc = (...nodes: Node[]): { object: 'document'; data: Node; nodes: Node[] } => ({ object: 'document', data: {}, nodes });

/** HTML parsed into a DOM (linkedom): tests assert on elements, not on strings. */
export function dom(html: string): Document {
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document as unknown as Document;
}
