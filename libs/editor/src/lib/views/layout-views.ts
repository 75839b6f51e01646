import { addColumn, removeColumn, setColumnWidth } from '../editor/column-commands';
import { MIN_COLUMN_WIDTH, percentOf } from '../editor/column-widths';
import { choiceField, fieldControl, FieldControl, textField } from './data-fields';
import { button, element, syncValue } from './dom';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/** A columns block: its columns side by side (stacked on a narrow screen) and "Add column". */
export class ColumnsView extends NodeViewBase {
  private readonly add: HTMLButtonElement;

  constructor(context: ViewContext) {
    super(context);
    this.add = button('Add column', () => this.dispatch((pos) => addColumn(this.context.props.editor.state, pos)));
    this.contentDOM = element('div', { class: 'doc-columns-row' });
    this.dom = element('div', { class: 'doc-columns', 'data-type': 'columns', role: 'group', 'aria-label': 'Columns' }, this.contentDOM, controls(element('div', {}, this.add)));
    this.render();
  }

  protected render(): void {
    // How many columns there are: the last one left cannot be removed (styles hide its button).
    this.dom.dataset['count'] = String(this.node.childCount);
    this.add.hidden = !this.editable;
  }
}

/** A column: its width ("Column width", a share of the row in %), its vertical alignment, "Remove column", its blocks. */
export class ColumnView extends NodeViewBase {
  private readonly width: HTMLInputElement;
  private readonly remove: HTMLButtonElement;
  private readonly alignment: FieldControl;

  constructor(context: ViewContext) {
    super(context);
    this.width = element('input', { type: 'number', min: String(MIN_COLUMN_WIDTH), max: String(100 - MIN_COLUMN_WIDTH), step: '1', 'aria-label': 'Column width', placeholder: 'auto' });
    const commit = () => this.setWidth(this.width.value);
    this.width.addEventListener('change', commit);
    this.width.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        commit();
      }
    });
    this.alignment = fieldControl(
      choiceField('Vertical alignment', ['top', 'middle', 'bottom'], (data) => data['verticalAlignment'] ?? 'top', (verticalAlignment) => ({ verticalAlignment })),
      context,
      () => this.data,
      (patch) => this.setData(patch),
    );
    this.remove = button('Remove column', () =>
      this.dispatch((pos) => {
        const { state } = this.context.props.editor;
        return removeColumn(state, state.doc.resolve(pos).before(), this.index());
      }),
    );
    this.remove.classList.add('doc-remove-column');
    this.contentDOM = element('div', { class: 'doc-column-body' });
    this.dom = element(
      'div',
      { class: 'doc-column', 'data-type': 'column', role: 'group', 'aria-label': 'Column' },
      controls(element('div', { class: 'doc-column-options' }, element('label', {}, this.width, ' %'), this.alignment.element, this.remove)),
      this.contentDOM,
    );
    this.render();
  }

  /** Where this column is among its siblings. */
  private index(): number {
    const pos = this.context.props.getPos();
    return typeof pos === 'number' ? this.context.props.editor.state.doc.resolve(pos).index() : -1;
  }

  /** A share of the row (its neighbour makes up the difference), or none (it shares what the others leave). */
  private setWidth(text: string): void {
    const percent = Number.parseFloat(text);
    if (text.trim() === '') return this.setData({ width: undefined });
    if (!Number.isFinite(percent)) return this.render();
    const pos = this.context.props.getPos();
    if (typeof pos !== 'number') return;
    const { view } = this.context.props.editor;
    view.dispatch(setColumnWidth(view.state, view.state.doc.resolve(pos).before(), this.index(), percent));
  }

  protected render(): void {
    const width = percentOf(this.data['width']);
    syncValue(this.width, width === undefined ? '' : String(Math.round(width * 100) / 100));
    if (width === undefined) this.dom.style.removeProperty('--column-width');
    else this.dom.style.setProperty('--column-width', `${width}%`);
    this.dom.toggleAttribute('data-width', width !== undefined);
    this.dom.dataset['align'] = this.data['verticalAlignment'] ?? 'top';
    this.alignment.render(this.data, this.editable);
    this.width.disabled = !this.editable;
    this.remove.hidden = !this.editable;
  }
}

/** A conditional block: its condition ("Condition", the expression as stored) and its blocks. */
export class ConditionalView extends NodeViewBase {
  private readonly condition: FieldControl;

  constructor(context: ViewContext) {
    super(context);
    this.condition = fieldControl(
      textField('Condition', (data) => data['expression'] ?? '', (expression) => ({ expression })),
      context,
      () => this.data,
      (patch) => this.setData(patch),
    );
    this.contentDOM = element('div', { class: 'doc-conditional-body' });
    this.dom = element(
      'div',
      { class: 'doc-conditional', 'data-type': 'conditional', role: 'group', 'aria-label': 'Conditional content' },
      controls(element('div', {}, element('strong', {}, 'Shown when'), this.condition.element)),
      this.contentDOM,
    );
    this.render();
  }

  protected render(): void {
    this.condition.render(this.data, this.editable);
  }
}
