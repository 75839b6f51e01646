import { textOfRef } from '../model/ref-text';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, tableSpot } from '../editor/table-commands';
import { moveChild } from '../editor/move-commands';
import { button, element } from './dom';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/** A table (a grid or cards): its rows and the buttons that add and remove rows and columns. */
export class TableView extends NodeViewBase {
  private readonly buttons: HTMLButtonElement[];
  private readonly kind = element('span', { class: 'doc-table-kind' });

  constructor(context: ViewContext) {
    super(context);
    const act = (command: typeof addRowAfter | typeof deleteRow) => () => {
      const pos = this.context.props.getPos();
      if (typeof pos !== 'number') return;
      const { view } = this.context.props.editor;
      const spot = tableSpot(view.state, pos);
      const tr = spot && command(view.state, spot);
      if (tr) view.dispatch(tr);
    };
    // A row moves only from inside it: the cursor says which.
    const moveRow = (step: -1 | 1) => () =>
      this.dispatch((pos) => {
        const { state } = this.context.props.editor;
        const spot = tableSpot(state);
        return spot && spot.pos === pos && spot.row > 0 ? moveChild(state, pos, spot.row, step) : undefined;
      });
    this.buttons = [
      button('Add row', act(addRowAfter)),
      button('Add column', act(addColumnAfter)),
      button('Delete row', act(deleteRow)),
      button('Delete column', act(deleteColumn)),
      button('Move row up', moveRow(-1)),
      button('Move row down', moveRow(1)),
    ];
    this.contentDOM = element('div', { class: 'doc-table-grid', role: 'table' });
    this.dom = element('div', { class: 'doc-table', 'data-type': 'table' }, controls(element('div', {}, this.kind, ...this.buttons)), this.contentDOM);
    this.render();
  }

  protected render(): void {
    const cards = this.data['view']?.['type'] === 'cards';
    this.kind.textContent = cards ? 'Cards' : 'Table';
    this.dom.classList.toggle('cards', cards);
    for (const node of this.buttons) node.hidden = !this.editable;
  }
}

/** A cell value that is not text (a card's target or cover, a number): shown, kept as it is. */
export class TableValueView extends NodeViewBase {
  constructor(context: ViewContext) {
    super(context);
    this.dom = controls(element('span', { class: 'doc-table-value', 'data-type': 'tableValue' }));
    this.render();
  }

  protected render(): void {
    const value = this.node.attrs['value'];
    this.dom.textContent = value && typeof value === 'object' && typeof value.kind === 'string' ? textOfRef(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
