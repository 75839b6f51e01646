import { useState } from 'preact/hooks';
import type { TreeNode } from './tree-model';
import { DropZone, dropPlacement, dropZone, isWithin, placeOf, TreePlacement, TreeRules } from './tree-moves';

const ZONE_WORDS: Record<DropZone, string> = { before: 'before', inside: 'into', after: 'after' };

export interface TreeDrag {
  /** The zone a dragged node would land in on this row, to draw it (a line above or below, a box). */
  zoneOf(id: string): DropZone | undefined;
  /** What makes a row draggable and a drop target. */
  rowProps(node: TreeNode): Record<string, unknown>;
}

/**
 * Drag and drop of a tree's rows (the browser's own, so the mouse, touch screens with it, and
 * test drivers all work): a row may be dropped only where the tree's rules allow, and where it
 * would change something; `onDrop` gets the placement and its words ("after “Install”").
 */
export function useTreeDrag(
  roots: TreeNode[],
  editing: { rules: TreeRules } | undefined,
  onDrop: (node: TreeNode, placement: TreePlacement, description: string) => void,
): TreeDrag {
  const [dragged, setDragged] = useState<string>();
  const [over, setOver] = useState<{ id: string; zone: DropZone }>();

  /** Where the pointer of `event` would drop the dragged node on `target`'s row. */
  const landing = (event: DragEvent, target: TreeNode): { zone: DropZone; placement: TreePlacement; node: TreeNode } | undefined => {
    const node = dragged ? placeOf(roots, dragged)?.node : undefined;
    if (!node || !editing) return undefined;
    const row = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const canNest = editing.rules.canHold(target, node) && !isWithin(node, target.id);
    const zone = dropZone(event.clientY - row.top, row.height, canNest);
    const placement = dropPlacement(roots, node.id, target.id, zone, editing.rules);
    return placement ? { zone, placement, node } : undefined;
  };
  const end = () => {
    setDragged(undefined);
    setOver(undefined);
  };

  return {
    zoneOf: (id) => (over?.id === id ? over.zone : undefined),
    rowProps: (target) => ({
      draggable: true,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer?.setData('text/plain', target.label);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        setDragged(target.id);
      },
      onDragOver: (event: DragEvent) => {
        const drop = landing(event, target);
        if (!drop) {
          if (over?.id === target.id) setOver(undefined);
          return;
        }
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        if (over?.id !== target.id || over.zone !== drop.zone) setOver({ id: target.id, zone: drop.zone });
      },
      onDragLeave: (event: DragEvent) => {
        if (!(event.currentTarget as HTMLElement).contains(event.relatedTarget as Node | null)) setOver((previous) => (previous?.id === target.id ? undefined : previous));
      },
      onDrop: (event: DragEvent) => {
        const drop = landing(event, target);
        end();
        if (!drop) return;
        event.preventDefault();
        onDrop(drop.node, drop.placement, `${ZONE_WORDS[drop.zone]} “${target.label}”`);
      },
      onDragEnd: end,
    }),
  };
}
