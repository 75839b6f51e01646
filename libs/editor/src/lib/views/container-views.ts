import { button, checkbox, element, select, syncValue, textInput } from './dom';
import { moveChild } from '../editor/move-commands';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

const HINT_STYLES = ['info', 'warning', 'danger', 'success'];

/** A hint: its style menu ("Hint style") and its blocks. */
export class HintView extends NodeViewBase {
  private readonly style: HTMLSelectElement;

  constructor(context: ViewContext) {
    super(context);
    this.style = select('Hint style', HINT_STYLES, 'info', (style) => this.setData({ style }));
    this.contentDOM = element('div', { class: 'doc-hint-body' });
    this.dom = element('div', { class: 'doc-hint', 'data-type': 'hint' }, controls(element('div', {}, this.style)), this.contentDOM);
    this.render();
  }

  protected render(): void {
    const style = HINT_STYLES.includes(this.data['style']) ? this.data['style'] : 'info';
    this.dom.dataset['style'] = style;
    syncValue(this.style, style);
    this.style.disabled = !this.editable;
  }
}

/** A code block: its language, title and line numbers, and its lines. */
export class CodeBlockView extends NodeViewBase {
  private readonly language: HTMLInputElement;
  private readonly title: HTMLInputElement;
  private readonly lineNumbers: HTMLInputElement;

  constructor(context: ViewContext) {
    super(context);
    const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
    this.language = textInput('Language', '', (value) => this.setData({ syntax: optional(value) }));
    this.title = textInput('Title', '', (value) => this.setData({ title: optional(value) }));
    this.lineNumbers = checkbox('Line numbers', false, (checked) => this.setData({ lineNumbers: checked }));
    this.contentDOM = element('pre', { class: 'doc-code-lines', spellcheck: 'false' });
    this.dom = element('div', { class: 'doc-code', 'data-type': 'codeBlock' }, controls(element('div', { class: 'doc-code-options' }, this.title, this.language, element('label', {}, this.lineNumbers, 'Line numbers'))), this.contentDOM);
    this.render();
  }

  protected render(): void {
    syncValue(this.language, this.data['syntax'] ?? '');
    syncValue(this.title, this.data['title'] ?? '');
    this.lineNumbers.checked = this.data['lineNumbers'] === true;
    this.dom.classList.toggle('line-numbers', this.data['lineNumbers'] === true);
    for (const input of [this.language, this.title, this.lineNumbers]) input.disabled = !this.editable;
  }
}

/** A list item: its blocks, and in a task list the box that checks it ("Done"). */
export class ListItemView extends NodeViewBase {
  private readonly done: HTMLInputElement;

  constructor(context: ViewContext) {
    super(context);
    this.done = checkbox('Done', false, (checked) => this.setData({ checked }));
    this.contentDOM = element('div', { class: 'doc-list-item-body' });
    this.dom = element('li', { 'data-type': 'listItem' }, controls(element('span', { class: 'doc-task-box' }, this.done)), this.contentDOM);
    this.render();
  }

  protected render(): void {
    this.done.checked = this.data['checked'] === true;
    this.done.disabled = !this.editable;
  }
}

/** Tabs and steppers: their items, and a button that adds one ("Add tab", "Add step"). */
export class ItemsView extends NodeViewBase {
  private readonly add: HTMLButtonElement;

  constructor(
    context: ViewContext,
    private readonly item: 'tabsItem' | 'stepperStep',
  ) {
    super(context);
    const label = item === 'tabsItem' ? 'Add tab' : 'Add step';
    this.add = button(label, () => this.addItem());
    this.contentDOM = element('div', { class: 'doc-items' });
    this.dom = element('div', { class: `doc-${context.props.node.type.name}`, 'data-type': context.props.node.type.name }, this.contentDOM, controls(element('div', {}, this.add)));
    this.render();
  }

  private addItem(): void {
    const pos = this.context.props.getPos();
    if (typeof pos !== 'number') return;
    const { view } = this.context.props.editor;
    const type = view.state.schema.nodes[this.item];
    const data = this.item === 'tabsItem' ? { title: `Tab ${this.node.childCount + 1}` } : {};
    const item = type.createAndFill({ data })!;
    view.dispatch(view.state.tr.insert(pos + this.node.nodeSize - 1, item));
  }

  protected render(): void {
    this.add.hidden = !this.editable;
  }
}

/**
 * The buttons that move an item among its siblings ("Move tab left", "Move step down"...); the
 * styles hide the one of each end that has nowhere to go.
 */
function moveButtons(view: NodeViewBase & { move(step: -1 | 1): void }, back: string, forward: string): HTMLButtonElement[] {
  const before = button(back, () => view.move(-1));
  const after = button(forward, () => view.move(1));
  before.classList.add('doc-move-back');
  after.classList.add('doc-move-forward');
  return [before, after];
}

/** An item of tabs or of a stepper: moved among its siblings by its buttons. */
abstract class ItemView extends NodeViewBase {
  move(step: -1 | 1): void {
    this.dispatch((pos) => {
      const { state } = this.context.props.editor;
      const $pos = state.doc.resolve(pos);
      return moveChild(state, $pos.depth > 0 ? $pos.before() : -1, $pos.index(), step);
    });
  }
}

/** A tab: its title ("Tab title"), "Move tab left" and "Move tab right", and its blocks. */
export class TabsItemView extends ItemView {
  private readonly title: HTMLInputElement;
  private readonly moves: HTMLButtonElement[];

  constructor(context: ViewContext) {
    super(context);
    this.title = textInput('Tab title', '', (title) => this.setData({ title }));
    this.moves = moveButtons(this, 'Move tab left', 'Move tab right');
    this.contentDOM = element('div', { class: 'doc-tab-body' });
    this.dom = element('section', { class: 'doc-tab', 'data-type': 'tabsItem' }, controls(element('div', {}, this.title, ...this.moves)), this.contentDOM);
    this.render();
  }

  protected render(): void {
    syncValue(this.title, this.data['title'] ?? '');
    this.title.disabled = !this.editable;
    for (const move of this.moves) move.hidden = !this.editable;
  }
}

/** A step of a stepper: "Move step up" and "Move step down", and its blocks. */
export class StepView extends ItemView {
  private readonly moves: HTMLButtonElement[];

  constructor(context: ViewContext) {
    super(context);
    this.moves = moveButtons(this, 'Move step up', 'Move step down');
    this.contentDOM = element('div', { class: 'doc-step-body' });
    this.dom = element('section', { class: 'doc-step', 'data-type': 'stepperStep' }, controls(element('div', {}, ...this.moves)), this.contentDOM);
    this.render();
  }

  protected render(): void {
    for (const move of this.moves) move.hidden = !this.editable;
  }
}
