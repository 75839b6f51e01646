import type { ContentRef } from '../model/content-ref';
import { refFromText, textOfRef } from '../model/ref-text';
import { refChoices, RefChoice } from '../editor/ref-choices';
import type { ChoiceSources } from '../editor/ref-choices';
import { element } from './dom';
import { OptionList } from './option-list';

/**
 * A field for what a link points at: a combobox (`role="combobox"`, a listbox of pages, headings
 * of this page and files the typed words find, `aria-activedescendant`, the arrows, Enter to
 * choose, Escape to close the list) that also takes a reference typed out (a URL, `#anchor`,
 * `ref:page/<id>`). A chosen option is shown by its name; the field's reference is the option's
 * while its name stands unchanged in the field, else what is typed.
 */
export class RefCombobox {
  readonly element: HTMLElement;
  readonly input: HTMLInputElement;
  private readonly list: OptionList<RefChoice>;
  private chosen?: { label: string; ref: ContentRef };

  constructor(
    label: string,
    private readonly sources: () => ChoiceSources,
    private readonly onChoose: (ref: ContentRef) => void,
    private readonly nameOf: (ref: ContentRef) => string | undefined = () => undefined,
  ) {
    this.list = new OptionList<RefChoice>(`${label}: suggestions`, (choice) => choice, (choice) => this.choose(choice), 'Nothing of that name: press Enter to use the text as typed');
    this.list.element.classList.add('doc-picker-list');
    this.list.element.hidden = true;
    this.input = element('input', {
      type: 'text',
      role: 'combobox',
      'aria-label': label,
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': this.list.id,
      autocomplete: 'off',
      placeholder: 'A page, #heading, file or https://…',
    });
    this.element = element('span', { class: 'doc-picker' }, this.input, this.list.element);
    this.input.addEventListener('input', () => this.open());
    this.input.addEventListener('click', () => this.open());
    this.input.addEventListener('blur', () => this.close());
    this.input.addEventListener('keydown', (event) => this.keyDown(event));
  }

  get isOpen(): boolean {
    return !this.list.element.hidden;
  }

  /** Shows a reference: by the name of what it points at where one is known, else as text. */
  show(ref: ContentRef | undefined): void {
    const name = ref ? this.nameOf(ref) : undefined;
    this.chosen = ref && name ? { label: name, ref } : undefined;
    this.input.value = name ?? textOfRef(ref);
  }

  /** What the field points at: the chosen option while its name is unchanged, else the text (none when empty). */
  ref(): ContentRef | undefined {
    const text = this.input.value.trim();
    if (this.chosen && this.input.value === this.chosen.label) return this.chosen.ref;
    return text ? refFromText(text) : undefined;
  }

  private choose(choice: RefChoice): void {
    this.chosen = { label: choice.label, ref: choice.ref };
    this.input.value = choice.label;
    this.close();
    this.onChoose(choice.ref);
  }

  private open(): void {
    this.list.set(refChoices(this.sources(), this.input.value), -1);
    this.list.element.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.input.removeAttribute('aria-activedescendant');
  }

  close(): void {
    this.list.element.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  private keyDown(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!this.isOpen) this.open();
      this.list.move(event.key === 'ArrowDown' ? 1 : -1);
      const id = this.list.activeId;
      if (id) this.input.setAttribute('aria-activedescendant', id);
    } else if (event.key === 'Enter' && this.isOpen && this.list.current) {
      // The option, not the text typed: the form around does not submit it.
      event.preventDefault();
      event.stopImmediatePropagation();
      this.list.choose();
    } else if (event.key === 'Escape' && this.isOpen) {
      // The list closes; the dialog around stays.
      event.preventDefault();
      event.stopPropagation();
      this.close();
    }
  }
}
