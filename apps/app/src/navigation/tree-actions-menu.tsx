import { useEffect, useRef } from 'preact/hooks';

/** One action of a node's menu. */
export interface TreeAction {
  label: string;
  run: () => void;
}

interface TreeActionsMenuProps {
  /** The node's label: the menu is "Actions for <label>". */
  label: string;
  actions: TreeAction[];
  /** Its distance from the top of the tree's frame (just under the node's row). */
  top: number;
  /** The button that opens and closes it: focus going there leaves the closing to its click. */
  opener?: HTMLElement | null;
  /** Closed: by Escape (refocus where it was opened from), by Tab or focus leaving it (focus goes on). */
  onClose: (refocus: boolean) => void;
}

/**
 * A node's actions as WAI-ARIA's menu: focus on the first item, Up and Down (wrapping), Home and
 * End, Enter or Space runs an item and closes the menu, Escape closes it.
 */
export function TreeActionsMenu({ label, actions, top, opener, onClose }: TreeActionsMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(all.length - 1);
    else if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') return onClose(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={`Actions for ${label}`}
      class="tree-menu"
      style={{ top: `${top}px` }}
      onKeyDown={onKeyDown}
      onFocusOut={(event) => {
        const to = event.relatedTarget as Node | null;
        if (!menu.current?.contains(to) && to !== opener) onClose(false);
      }}
    >
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            onClose(false);
            action.run();
          }}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
