import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import type { EditorServices } from '../editor/editor-services';

export interface ViewContext {
  props: NodeViewRendererProps;
  services: EditorServices;
}

/**
 * A node view of plain DOM: `dom` holds the view's controls (contenteditable false) and, for a
 * node with content, `contentDOM` where ProseMirror renders it. Controls change the node through
 * `setData` (a transaction, so undo undoes it); `render` brings them up to date with the node.
 */
export abstract class NodeViewBase implements NodeView {
  dom!: HTMLElement;
  contentDOM?: HTMLElement;
  protected node: PMNode;

  constructor(protected readonly context: ViewContext) {
    this.node = context.props.node;
  }

  protected get data(): Record<string, any> {
    return this.node.attrs['data'] ?? {};
  }

  protected get editable(): boolean {
    return this.context.props.editor.isEditable;
  }

  /** Replaces fields of the node's `data` (an `undefined` value removes the field). */
  protected setData(patch: Record<string, unknown>): void {
    const pos = this.context.props.getPos();
    if (typeof pos !== 'number') return;
    const { view } = this.context.props.editor;
    // A control that commits what the node already holds (a field left unchanged) makes no step of history.
    if (Object.entries(patch).every(([field, value]) => JSON.stringify(this.data[field]) === JSON.stringify(value))) return;
    const next: Record<string, unknown> = { ...this.data, ...patch };
    for (const [field, value] of Object.entries(patch)) if (value === undefined) delete next[field];
    view.dispatch(view.state.tr.setNodeMarkup(pos, undefined, { ...this.node.attrs, data: next }));
  }

  /** Dispatches the transaction a command makes at this node's position (nothing when it makes none). */
  protected dispatch(command: (pos: number) => Transaction | undefined): void {
    const pos = this.context.props.getPos();
    if (typeof pos !== 'number') return;
    const tr = command(pos);
    if (tr) this.context.props.editor.view.dispatch(tr);
  }

  protected abstract render(): void;

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  /** Events in the view's own controls are theirs, not the editor's. */
  stopEvent(event: Event): boolean {
    const target = event.target as HTMLElement | null;
    return !!target && !!target.closest?.('input, select, textarea, button, [role="listbox"]') && !this.contentDOM?.contains(target);
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    if (mutation.type === 'selection') return false;
    return !this.contentDOM || !this.contentDOM.contains(mutation.target);
  }
}

/** Controls are not text: ProseMirror must not read them as content. */
export function controls(node: HTMLElement): HTMLElement {
  node.contentEditable = 'false';
  node.classList.add('doc-controls');
  return node;
}
