import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ancestorsOf, treeKey, TreeNode, visibleNodes } from './tree-model';

interface TreeViewProps {
  label: string;
  roots: TreeNode[];
  /** The node the current URL shows: highlighted, and the way to it expanded. */
  current?: string;
}

/**
 * A tree as WAI-ARIA's tree view: one tab stop (the focused row, `tabindex=0`), the arrows to
 * move, expand and collapse, Enter to open; links for the mouse and for "open in a new tab".
 */
export function TreeView({ label, roots, current }: TreeViewProps) {
  const { route } = useLocation();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(current ? ancestorsOf(roots, current) : []));
  const [focused, setFocused] = useState<string | undefined>(current ?? roots[0]?.id);
  const list = useRef<HTMLUListElement>(null);
  const keyboard = useRef(false);

  useEffect(() => {
    if (!current) return;
    setExpanded((previous) => new Set([...previous, ...ancestorsOf(roots, current)]));
    setFocused(current);
  }, [current, roots]);
  useEffect(() => {
    if (keyboard.current && focused) list.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(focused)}"]`)?.focus();
    keyboard.current = false;
  }, [focused, expanded]);

  const rows = visibleNodes(roots, expanded);
  const byId = new Map(rows.map((row) => [row.node.id, row.node]));
  const toggle = (id: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const onKeyDown = (event: KeyboardEvent, id: string) => {
    const move = treeKey(event.key, id, roots, expanded);
    if (!move) return;
    event.preventDefault();
    keyboard.current = true;
    if ('focus' in move) setFocused(move.focus);
    else if ('expand' in move) toggle(move.expand, true);
    else if ('collapse' in move) toggle(move.collapse, false);
    else if ('open' in move) route(byId.get(move.open)!.href!);
  };
  const focusable = focused && byId.has(focused) ? focused : rows[0]?.node.id;

  const render = (nodes: TreeNode[], depth: number) =>
    nodes.map((node) => {
      const open = expanded.has(node.id);
      const parent = node.children.length > 0;
      const text = node.href ? (
        <a href={node.href} tabIndex={-1}>
          {node.label}
        </a>
      ) : (
        <span>{node.label}</span>
      );
      return (
        <li
          key={node.id}
          role="treeitem"
          aria-level={depth + 1}
          aria-expanded={parent ? open : undefined}
          aria-current={node.id === current ? 'page' : undefined}
          aria-label={node.kind ? `${node.label} (${node.kind})` : undefined}
          data-node={node.id}
          tabIndex={node.id === focusable ? 0 : -1}
          onKeyDown={(event) => {
            if (event.target === event.currentTarget) onKeyDown(event, node.id);
          }}
          onFocus={(event) => event.target === event.currentTarget && setFocused(node.id)}
        >
          <div class="tree-row" style={{ paddingInlineStart: `${depth * 1}rem` }}>
            {parent ? (
              <button type="button" class="tree-toggle" tabIndex={-1} aria-hidden="true" onClick={() => toggle(node.id, !open)}>
                {open ? '▾' : '▸'}
              </button>
            ) : (
              <span class="tree-toggle" />
            )}
            {text}
            {node.kind && <span class="tree-kind">{node.kind}</span>}
          </div>
          {parent && open && <ul role="group">{render(node.children, depth + 1)}</ul>}
        </li>
      );
    });

  return (
    <ul ref={list} role="tree" aria-label={label} class="tree">
      {render(roots, 0)}
    </ul>
  );
}
