/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { DocNode } from './doc-node';
import { plainText } from './doc-node';
import { Blocks } from './blocks';
import { Inlines } from './inlines';
import { useRenderState } from './render-state';

const ALIGN = new Set(['center', 'end']);
const alignClass = (node: DocNode) => (ALIGN.has(node.data?.align) ? `align-${node.data!.align}` : undefined);

export function Paragraph({ node }: { node: DocNode }) {
  return (
    <p class={alignClass(node)}>
      <Inlines nodes={node.nodes} />
    </p>
  );
}

/**
 * The page's title is its `h1`, so the document's highest heading level is `h2`, and the others
 * follow (a document whose headings start at level 2 does not skip from `h1` to `h3`). Each
 * carries its anchor (assigned before rendering, as search and `#anchor` links compute it) and a
 * link to itself.
 */
export function Heading({ node }: { node: DocNode }) {
  const state = useRenderState();
  const level = Number(node.type!.slice(-1));
  const id = state.anchors.get(node) ?? state.uniqueId('heading');
  const title = plainText(node).trim();
  const depth = Math.max(0, level - state.topHeadingLevel);
  state.outline.push({ id, title, level: depth + 1 });
  const Tag = (['h2', 'h3', 'h4'] as const)[depth];
  return (
    <Tag id={id} class={['heading', alignClass(node)].filter(Boolean).join(' ')}>
      <Inlines nodes={node.nodes} />
      <a class="anchor" href={`#${id}`} aria-label={`Link to "${title || 'this section'}"`}>
        #
      </a>
    </Tag>
  );
}

/** Ordered, bulleted and task lists; items hold blocks (nested lists too). */
export function List({ node }: { node: DocNode }) {
  const items = (node.nodes ?? []).filter((item) => item.type === 'list-item');
  if (node.type === 'list-ordered') {
    const start = Number(node.data?.start);
    return (
      <ol start={Number.isInteger(start) && start !== 1 ? start : undefined}>
        {items.map((item, index) => (
          <li key={index}>
            <Blocks nodes={item.nodes} />
          </li>
        ))}
      </ol>
    );
  }
  if (node.type === 'list-tasks') {
    return (
      <ul class="task-list">
        {items.map((item, index) => {
          const checked = item.data?.checked === true;
          return (
            <li key={index} class={checked ? 'task checked' : 'task'}>
              <input type="checkbox" checked={checked} disabled aria-label={checked ? 'Done' : 'To do'} />
              <div class="task-body">
                <Blocks nodes={item.nodes} />
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>
          <Blocks nodes={item.nodes} />
        </li>
      ))}
    </ul>
  );
}

export function Quote({ node }: { node: DocNode }) {
  return (
    <blockquote>
      <Blocks nodes={node.nodes} />
    </blockquote>
  );
}
