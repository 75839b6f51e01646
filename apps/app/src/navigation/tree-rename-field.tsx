import { useEffect, useRef } from 'preact/hooks';
import type { TreeNode } from './tree-model';

/**
 * A node's title edited in place: Enter (or leaving the field) keeps the new title, Escape keeps
 * the old one. `onDone` gets the new title, or undefined when nothing is to change.
 */
export function TreeRenameField({ node, maxLength, onDone }: { node: TreeNode; maxLength: number; onDone: (title: string | undefined) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const initial = node.title ?? node.label;
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    const title = input.current?.value.trim() ?? '';
    onDone(keep && title !== '' && title !== initial ? title : undefined);
  };
  return (
    <input
      ref={input}
      class="tree-rename"
      aria-label={`New title for ${node.label}`}
      defaultValue={initial}
      maxLength={maxLength}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
