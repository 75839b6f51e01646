import { element } from './dom';

/** What an option shows: its text, what tells it apart, the group it is listed under. */
export interface OptionText {
  label: string;
  detail?: string;
  group?: string;
}

let lists = 0;

/**
 * A listbox of options (grouped when they name a group), one of them active: the list the `/` and
 * `@` menus and the link pickers show. The active option is announced by the control that owns
 * the list (`aria-activedescendant` on the editor or the input), which keeps the focus; a click
 * (mousedown, so the focus stays) chooses.
 */
export class OptionList<T> {
  readonly element: HTMLElement;
  readonly id = `doc-options-${++lists}`;
  private items: T[] = [];
  active = -1;

  constructor(
    label: string,
    private readonly describe: (item: T) => OptionText,
    private readonly onChoose: (item: T) => void,
    private readonly emptyText: string,
  ) {
    this.element = element('div', { class: 'doc-options', id: this.id, role: 'listbox', 'aria-label': label });
  }

  get size(): number {
    return this.items.length;
  }

  get current(): T | undefined {
    return this.items[this.active];
  }

  /** The active option's id, for `aria-activedescendant`. */
  get activeId(): string | undefined {
    return this.active >= 0 && this.active < this.items.length ? `${this.id}-${this.active}` : undefined;
  }

  set(items: T[], active: number): void {
    this.items = items;
    this.active = items.length === 0 ? -1 : Math.min(active, items.length - 1);
    this.render();
  }

  /** The next (1) or previous (-1) option, round the ends; from none, the first or the last. */
  move(step: 1 | -1): void {
    if (this.items.length === 0) return;
    this.active = this.active < 0 ? (step === 1 ? 0 : this.items.length - 1) : (this.active + step + this.items.length) % this.items.length;
    this.render();
    document.getElementById(this.activeId!)?.scrollIntoView?.({ block: 'nearest' });
  }

  choose(): boolean {
    const item = this.current;
    if (item === undefined) return false;
    this.onChoose(item);
    return true;
  }

  private render(): void {
    const groups = new Map<string, HTMLElement>();
    const children: HTMLElement[] = [];
    this.items.forEach((item, index) => {
      const text = this.describe(item);
      const option = element('div', { id: `${this.id}-${index}`, role: 'option', 'aria-selected': String(index === this.active) }, text.label || '(untitled)');
      if (text.detail) option.append(' ', element('span', { class: 'doc-option-detail' }, text.detail));
      option.addEventListener('mousedown', (event) => {
        event.preventDefault();
        this.onChoose(item);
      });
      if (!text.group) return void children.push(option);
      let group = groups.get(text.group);
      if (!group) {
        const heading = element('div', { class: 'doc-options-group', id: `${this.id}-g${groups.size}`, role: 'presentation' }, text.group);
        group = element('div', { role: 'group', 'aria-labelledby': heading.id }, heading);
        groups.set(text.group, group);
        children.push(group);
      }
      group.append(option);
    });
    if (children.length === 0) children.push(element('div', { class: 'doc-options-empty' }, this.emptyText));
    this.element.replaceChildren(...children);
  }
}
