import { useLocation } from 'preact-iso';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TreeAction, TreeActionsMenu } from './tree-actions-menu';
import { treeCommand } from './tree-commands';
import { ancestorsOf, treeKey, TreeNode, visibleNodes } from './tree-model';
import { KeyboardMove, keyboardMove, placeOf, TreePlacement, TreeRules } from './tree-moves';
import { TreeRenameField } from './tree-rename-field';
import { useTreeDrag } from './use-tree-drag';

/** What a tree whose nodes can be renamed, moved and deleted does with them (its API calls). */
export interface TreeEditing {
  rules: TreeRules;
  /** Moves the node; resolves once the API has it (the caller reads the tree again). */
  move(node: TreeNode, placement: TreePlacement): Promise<void>;
  rename(node: TreeNode, title: string): Promise<void>;
  /** The longest title the API takes. */
  titleMaxLength: number;
  /** What deleting the node does, said in its confirmation. */
  deleteWarning(node: TreeNode): string;
  remove(node: TreeNode): Promise<void>;
  /** Actions of the node's menu besides rename, move and delete (Hide, Show...). */
  moreActions?(node: TreeNode): { label: string; run: () => Promise<string> }[];
}

interface TreeViewProps {
  label: string;
  roots: TreeNode[];
  /** The node the current URL shows: highlighted, and the way to it expanded. */
  current?: string;
  /** Given: the nodes marked `editable` get a menu, the editing keys and drag and drop. */
  editing?: TreeEditing;
}

const MOVE_WORDS: Record<KeyboardMove, string> = { up: 'up', down: 'down', in: 'into', out: 'out of' };

/**
 * Rows rendered at first: more than a screenful. The others follow, a slice a frame, so a tree of
 * 1,000 pages shows its top at once and the whole of it soon after (for the keys, find in page
 * and screen readers); rows up to the one with the focus, or taking it, are always there.
 */
const FIRST_ROWS = 60;
const ROWS_PER_FRAME = 200;

/**
 * A tree as WAI-ARIA's tree view: one tab stop (the focused row, `tabindex=0`), the arrows to
 * move, expand and collapse, Enter to open; links for the mouse and for "open in a new tab".
 * With `editing`, each editable node has "Actions for <label>" (a button on its row, the next
 * tab stop after the focused row; or the context menu key): rename in place, move up, down, in
 * and out, delete after a confirmation; the same by keys (Alt and the arrows, F2, Delete), and
 * by drag and drop with a line or a box showing where it lands. Outcomes are announced.
 */
export function TreeView({ label, roots, current, editing }: TreeViewProps) {
  const { route } = useLocation();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(current ? ancestorsOf(roots, current) : []));
  const [focused, setFocused] = useState<string | undefined>(current ?? roots[0]?.id);
  const [menu, setMenu] = useState<{ id: string; from: 'row' | 'button' }>();
  const [renaming, setRenaming] = useState<string>();
  const [deleting, setDeleting] = useState<TreeNode>();
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string>();
  const list = useRef<HTMLUListElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  /** The row to give the focus to once it is on screen (after a key, a move, a rename). */
  const pendingFocus = useRef<string | undefined>(undefined);
  const busy = useRef(false);
  const keysHelp = useId();
  const [rendered, setRendered] = useState(FIRST_ROWS);

  useEffect(() => {
    if (current) setExpanded((previous) => new Set([...previous, ...ancestorsOf(roots, current)]));
  }, [current, roots]);
  useEffect(() => {
    if (current) setFocused(current);
  }, [current]);
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(id)}"]`);
    if (row) {
      pendingFocus.current = undefined;
      row.focus();
    }
  });

  const rows = visibleNodes(roots, expanded);
  const byId = new Map(rows.map((row) => [row.node.id, row.node]));
  const toggle = (id: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const focusRow = (id: string) => {
    pendingFocus.current = id;
    setFocused(id);
    setRendered((count) => Math.max(count, rows.findIndex((row) => row.node.id === id) + 1));
  };
  useEffect(() => {
    if (rendered >= rows.length) return;
    const next = setTimeout(() => setRendered((count) => count + ROWS_PER_FRAME), 0);
    return () => clearTimeout(next);
  }, [rendered, rows.length]);

  /** Runs one change at a time, announcing its outcome; the row keeps (or gets) the focus. */
  const change = async (focusAfter: string | undefined, run: () => Promise<string>) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(undefined);
    try {
      setAnnouncement(await run());
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      busy.current = false;
      if (focusAfter) focusRow(focusAfter);
    }
  };

  const moveByKey = (node: TreeNode, move: KeyboardMove) => {
    const target = editing && keyboardMove(roots, node.id, move, editing.rules);
    if (!editing || !target) return;
    if (move === 'in') toggle(target.placement.parent!, true);
    const where = target.target ? `${MOVE_WORDS[move]} “${target.target.label}”` : MOVE_WORDS[move];
    void change(node.id, async () => {
      await editing.move(node, target.placement);
      return `Moved “${node.label}” ${where}.`;
    });
  };

  const actionsOf = (node: TreeNode): TreeAction[] => {
    if (!editing) return [];
    const actions: TreeAction[] = [{ label: 'Rename', run: () => setRenaming(node.id) }];
    for (const move of ['up', 'down', 'in', 'out'] as const) {
      const target = keyboardMove(roots, node.id, move, editing.rules);
      if (!target) continue;
      const name = move === 'up' ? 'Move up' : move === 'down' ? 'Move down' : `Move ${MOVE_WORDS[move]} “${target.target!.label}”`;
      actions.push({ label: name, run: () => moveByKey(node, move) });
    }
    for (const more of editing.moreActions?.(node) ?? []) actions.push({ label: more.label, run: () => void change(node.id, more.run) });
    actions.push({ label: 'Delete', run: () => setDeleting(node) });
    return actions;
  };

  const drag = useTreeDrag(roots, editing, (node, placement, description) =>
    change(node.id, async () => {
      if (placement.parent) toggle(placement.parent, true);
      await editing!.move(node, placement);
      return `Moved “${node.label}” ${description}.`;
    }),
  );

  const onKeyDown = (event: KeyboardEvent, node: TreeNode) => {
    const command = editing && node.editable ? treeCommand(event.key, event) : null;
    if (command) {
      event.preventDefault();
      if ('move' in command) moveByKey(node, command.move);
      else if ('rename' in command) setRenaming(node.id);
      else if ('delete' in command) setDeleting(node);
      else setMenu({ id: node.id, from: 'row' });
      return;
    }
    const move = treeKey(event.key, node.id, roots, expanded);
    if (!move) return;
    event.preventDefault();
    if ('focus' in move) focusRow(move.focus);
    else if ('expand' in move) toggle(move.expand, true);
    else if ('collapse' in move) toggle(move.collapse, false);
    else if ('open' in move) route(byId.get(move.open)!.href!);
    if (!('focus' in move)) pendingFocus.current = node.id;
  };
  const focusable = focused && byId.has(focused) ? focused : rows[0]?.node.id;
  const shown = rows.slice(0, Math.max(rendered, rows.findIndex((row) => row.node.id === focusable) + 1));
  /** Where a node's menu goes: just under its row, in the frame around the tree. */
  const menuTop = (id: string) => {
    const rowBox = list.current?.querySelector(`[data-node="${CSS.escape(id)}"]`)?.getBoundingClientRect();
    const frameBox = frame.current?.getBoundingClientRect();
    return rowBox && frameBox ? rowBox.bottom - frameBox.top : 0;
  };

  const menuNode = menu ? byId.get(menu.id) : undefined;
  const actionsButton = (id: string) => list.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(id)}"] .tree-actions`);

  return (
    <div ref={frame} class="tree-frame">
      <ul ref={list} role="tree" aria-label={label} aria-describedby={editing ? keysHelp : undefined} class="tree">
        {shown.map(({ node, depth, position, siblings }) => {
          const open = expanded.has(node.id);
          const parent = node.children.length > 0;
          const editable = Boolean(editing && node.editable);
          const text =
            renaming === node.id ? (
              <TreeRenameField
                node={node}
                maxLength={editing!.titleMaxLength}
                onDone={(title) => {
                  setRenaming(undefined);
                  if (title === undefined) return focusRow(node.id);
                  void change(node.id, async () => {
                    await editing!.rename(node, title);
                    return `Renamed to “${title}”.`;
                  });
                }}
              />
            ) : node.href ? (
              <a href={node.href} tabIndex={-1} draggable={false}>
                {node.label}
              </a>
            ) : (
              <span class="tree-label">{node.label}</span>
            );
          const zone = drag.zoneOf(node.id);
          return (
            // One row per visible node, its depth in aria-level (a flat tree: a row's text is its own).
            <li
              key={node.id}
              role="treeitem"
              aria-level={depth + 1}
              aria-setsize={siblings}
              aria-posinset={position}
              aria-expanded={parent ? open : undefined}
              aria-current={node.id === current ? 'page' : undefined}
              aria-label={[node.label, node.hidden && 'hidden', node.kind].filter(Boolean).join(', ')}
              data-node={node.id}
              tabIndex={node.id === focusable ? 0 : -1}
              onKeyDown={(event) => {
                if (event.target === event.currentTarget) onKeyDown(event, node);
              }}
              onFocus={(event) => event.target === event.currentTarget && setFocused(node.id)}
            >
              <div
                class={`tree-row${zone ? ` drop-${zone}` : ''}`}
                style={{ paddingInlineStart: `${depth * 1}rem` }}
                {...(editable && renaming !== node.id ? drag.rowProps(node) : {})}
              >
                {parent ? (
                  <button type="button" class="tree-toggle" tabIndex={-1} aria-hidden="true" onClick={() => toggle(node.id, !open)}>
                    {open ? '▾' : '▸'}
                  </button>
                ) : (
                  <span class="tree-toggle" />
                )}
                {/* Spaces between the parts: the row's text reads as words (its name says the same). */}
                {text}{' '}
                {node.hidden && <span class="tree-kind">hidden</span>}{' '}
                {node.kind && <span class="tree-kind">{node.kind}</span>}{' '}
                {editable && (
                  <button
                    type="button"
                    class="tree-actions"
                    aria-label={`Actions for ${node.label}`}
                    aria-haspopup="menu"
                    aria-expanded={menu?.id === node.id}
                    tabIndex={node.id === focusable ? 0 : -1}
                    onClick={() => setMenu(menu?.id === node.id ? undefined : { id: node.id, from: 'button' })}
                  >
                    ⋯
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {menuNode && (
        // Outside the tree (a tree holds only its items), placed under the node's row.
        <TreeActionsMenu
          label={menuNode.label}
          actions={actionsOf(menuNode)}
          top={menuTop(menuNode.id)}
          opener={actionsButton(menuNode.id)}
          onClose={(refocus) => {
            const from = menu!.from;
            setMenu(undefined);
            if (!refocus) return;
            // Back where it was opened from: the row (keys) or its actions button.
            if (from === 'button') actionsButton(menuNode.id)?.focus();
            else focusRow(menuNode.id);
          }}
        />
      )}
      {editing && (
        <details class="tree-keys">
          <summary>Keyboard</summary>
          <p id={keysHelp}>
            Alt+Up and Alt+Down move the focused item, Alt+Right moves it into the item above, Alt+Left out of its parent; F2 renames it, Delete deletes it, Shift+F10
            opens its actions.
          </p>
        </details>
      )}
      <p role="status" class="visually-hidden">
        {announcement}
      </p>
      {failure && (
        <p role="alert" class="error">
          {failure}
        </p>
      )}
      {deleting && editing && (
        <ConfirmDialog
          title={`Delete “${deleting.label}”?`}
          confirm="Delete"
          onConfirm={async () => {
            await editing.remove(deleting);
            setAnnouncement(`Deleted “${deleting.label}”.`);
          }}
          onClose={(done) => {
            const node = deleting;
            setDeleting(undefined);
            if (!done) return focusRow(node.id);
            // The focus goes to the row that takes its place: the next one, else the one above.
            const index = rows.findIndex((row) => row.node.id === node.id);
            const next = rows.slice(index + 1).find((row) => !placeOf([node], row.node.id)) ?? rows[index - 1];
            if (next) focusRow(next.node.id);
          }}
        >
          <p>{editing.deleteWarning(deleting)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
