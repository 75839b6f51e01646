/** @jest-environment jsdom */
import { everyBlockDocument } from '../../testing/every-block-document';
import { changeValue, closeEditor, domOf, findKey, openEditor, press, pressIn, selectIn, typeInto, view } from '../../testing/editor-harness';
import type { DocNode } from '../model/doc-node';
import type { PageEditor } from './create-page-editor';
import type { EditorServices } from './editor-services';

const text = (value: string): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });

const services: EditorServices = {
  listPages: () => [
    { id: 'page-1', title: 'Getting started', path: 'getting-started' },
    { id: 'page-2', title: 'Install on Linux', path: 'install/linux' },
    { id: 'page-3', title: 'Install on macOS', path: 'install/macos' },
    { id: 'page-4', title: 'Café menu', path: 'cafe' },
  ],
  listFiles: () => [{ id: 'file-1', name: 'install-guide.pdf' }],
};

let host: HTMLElement;
let page: PageEditor;
afterEach(() => closeEditor());

const dialog = () => host.querySelector('form[role="dialog"][aria-label="Link"]') as HTMLFormElement | null;
const combobox = (within: ParentNode) => within.querySelector('input[role="combobox"]') as HTMLInputElement;
const listOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-controls')!)!;
const optionTexts = (input: HTMLInputElement) => [...listOf(input).querySelectorAll('[role="option"]')].map((option) => option.textContent);
const groupNames = (input: HTMLInputElement) =>
  [...listOf(input).querySelectorAll('[role="group"]')].map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent);

describe('the link form (Mod-k): a combobox of pages, headings of this page and files', () => {
  it('finds pages by title as one types, moves with the arrows, and Enter links the selection to the page', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    expect(press('k', { mod: true })).toBe(true);
    const input = combobox(dialog()!);
    expect(input.getAttribute('aria-label')).toBe('Link target');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(input);

    typeInto(input, 'install');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(listOf(input).getAttribute('role')).toBe('listbox');
    expect(groupNames(input)).toEqual(['Pages', 'Files']);
    expect(optionTexts(input)).toEqual(['Install on Linux install/linux', 'Install on macOS install/macos', 'install-guide.pdf']);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    pressIn(input, 'ArrowDown');
    pressIn(input, 'ArrowDown');
    const active = listOf(input).querySelectorAll('[role="option"]')[1];
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    expect(active.getAttribute('aria-selected')).toBe('true');
    const enter = pressIn(input, 'Enter');
    expect(enter.defaultPrevented).toBe(true);

    expect(dialog()).toBeNull();
    expect(page.getDocument().nodes![3].nodes).toEqual([
      text('The '),
      { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'page', page: 'page-3' } }, nodes: [text('paragraph')] },
      text(' the tests edit.'),
    ]);
  });

  it('finds words in any order, accents aside, in titles and paths', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    press('k', { mod: true });
    const input = combobox(dialog()!);
    typeInto(input, 'macos install');
    expect(optionTexts(input)).toEqual(['Install on macOS install/macos']);
    typeInto(input, 'cafe');
    expect(optionTexts(input)).toEqual(['Café menu cafe']);
    typeInto(input, 'nothing like this');
    expect(optionTexts(input)).toEqual([]);
    expect(listOf(input).textContent).toContain('Nothing of that name');
  });

  it('lists the headings of this page with the anchors the document model gives them', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    press('k', { mod: true });
    const input = combobox(dialog()!);
    typeInto(input, '#');
    expect(groupNames(input)).toEqual(['Pages', 'Headings of this page', 'Files']);
    // The first heading has its own id; the others their slugs; the stepper's heading is found too.
    expect(optionTexts(input).filter((option) => option!.includes('#'))).toEqual(['Introduction #intro', 'Second #second', 'Third #third', 'First step #first-step']);
    typeInto(input, 'seco');
    pressIn(input, 'ArrowDown');
    pressIn(input, 'Enter');
    expect(page.getDocument().nodes![3].nodes![1]).toMatchObject({ type: 'link', data: { ref: { kind: 'anchor', anchor: 'second' } } });
  });

  it('with nothing selected, inserts the chosen page as linked text under its title', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 29, 29);
    press('k', { mod: true });
    const input = combobox(dialog()!);
    typeInto(input, 'getting');
    pressIn(input, 'ArrowDown');
    pressIn(input, 'Enter');
    expect(page.getDocument().nodes![3].nodes).toEqual([
      text('The paragraph the tests edit.'),
      { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'page', page: 'page-1' } }, nodes: [text('Getting started')] },
    ]);
  });

  it('applies a URL typed out (Enter with no option active), shows a page link by its title, and Escape closes the list then the form', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    press('k', { mod: true });
    let input = combobox(dialog()!);
    typeInto(input, 'https://example.org/docs');
    expect(pressIn(input, 'Enter').defaultPrevented).toBe(false);
    // Enter in a field submits its form: as the browser does.
    dialog()!.requestSubmit();
    expect(page.getDocument().nodes![3].nodes![1]).toMatchObject({ type: 'link', data: { ref: { kind: 'url', url: 'https://example.org/docs' } } });

    // The link of the paragraph "p-inlines" to page-1 opens under its title, and is kept as it is.
    const { pos } = findKey('p-inlines');
    selectIn('p-inlines', 11, 12);
    expect(view().state.doc.resolve(pos + 12).marks().some((mark) => mark.type.name === 'link')).toBe(true);
    press('k', { mod: true });
    input = combobox(dialog()!);
    expect(input.value).toBe('Getting started');
    typeInto(input, 'Getting started');
    expect(listOf(input).hidden).toBe(false);
    pressIn(input, 'Escape');
    expect(listOf(input).hidden).toBe(true);
    expect(dialog()).not.toBeNull();
    dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog()).toBeNull();
  });

  it('a click on an option chooses it', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    press('k', { mod: true });
    const input = combobox(dialog()!);
    typeInto(input, 'guide');
    listOf(input).querySelector('[role="option"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(page.getDocument().nodes![3].nodes![1]).toMatchObject({ type: 'link', data: { ref: { kind: 'file', file: 'file-1' } } });
  });
});

describe('the page link block: its target chosen with the same picker', () => {
  it('shows the page by its title and links to the page chosen', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    const card = domOf('cref');
    const input = combobox(card);
    expect(input.getAttribute('aria-label')).toBe('Link target');
    expect(input.value).toBe('Getting started');
    typeInto(input, 'linux');
    pressIn(input, 'ArrowDown');
    pressIn(input, 'Enter');
    expect(page.getDocument().nodes!.find((node) => node.key === 'cref')!.data).toEqual({ ref: { kind: 'page', page: 'page-2' } });
    expect(input.value).toBe('Install on Linux');
  });

  it('takes a target typed out, and keeps the target when the field is emptied', () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    const input = combobox(domOf('cref'));
    changeValue(input, 'ref:page/page-9#setup');
    expect(page.getDocument().nodes!.find((node) => node.key === 'cref')!.data).toEqual({ ref: { kind: 'anchor', page: 'page-9', anchor: 'setup' } });
    changeValue(input, '');
    expect(page.getDocument().nodes!.find((node) => node.key === 'cref')!.data).toEqual({ ref: { kind: 'anchor', page: 'page-9', anchor: 'setup' } });
  });
});
