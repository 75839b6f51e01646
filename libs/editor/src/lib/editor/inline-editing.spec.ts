/** @jest-environment jsdom */
import { TextSelection } from '@tiptap/pm/state';
import { everyBlockDocument } from '../../testing/every-block-document';
import { changeValue, closeEditor, endOf, findKey, newLineAtEnd, openEditor, press, pressIn, selectIn, settled, type, typeInto, view } from '../../testing/editor-harness';
import { canonicalText } from '../convert/canonical-text';
import type { DocNode } from '../model/doc-node';
import type { PageEditor } from './create-page-editor';
import type { EditorServices } from './editor-services';

const text = (value: string, ...marks: string[]): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const paragraph = (...nodes: DocNode[]): DocNode => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes });
const note = (...blocks: DocNode[]): DocNode[] => [{ object: 'fragment', type: 'annotation-body', fragment: 'annotation-body', nodes: blocks }];

const services: EditorServices = {
  listPages: () => [
    { id: 'page-1', title: 'Getting started', path: 'getting-started' },
    { id: 'page-2', title: 'Pricing', path: 'pricing' },
  ],
  listMembers: () => [
    { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' },
  ],
};

let host: HTMLElement;
let page: PageEditor;
afterEach(() => closeEditor());

const byKey = (key: string) => page.getDocument().nodes!.find((node) => node.key === key)!;
const last = () => page.getDocument().nodes!.at(-1)!;
const input = (within: Element, name: string) => within.querySelector(`[aria-label="${name}"]`) as HTMLInputElement;
const chip = (type: string) => view().dom.querySelector(`.doc-chip[data-type="${type}"]`) as HTMLElement;
const lastChip = (type: string) => [...view().dom.querySelectorAll<HTMLElement>(`.doc-chip[data-type="${type}"]`)].at(-1)!;
const inlinesOf = (document: DocNode) => document.nodes!.find((node) => node.key === 'p-inlines')!.nodes!;
const menu = async (query: string, title: string) => {
  type(query);
  await settled();
  expect(host.querySelector('[aria-label="Insert a block"] [role="option"]')?.textContent).toBe(title);
  expect(press('Enter')).toBe(true);
};

describe('buttons', () => {
  it('a button`s label, link (the picker), style and icon are edited in its chip; the rest of the paragraph stays', () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document, services));
    const button = chip('button');
    expect(button.getAttribute('role')).toBe('group');
    expect(button.getAttribute('aria-label')).toBe('Button');
    expect(input(button, 'Button label').value).toBe('Go');
    expect(input(button, 'Button link').value).toBe('https://example.com');
    expect(input(button, 'Button style').value).toBe('secondary');
    expect(input(button, 'Button icon').value).toBe('arrow-right');

    changeValue(input(button, 'Button label'), 'Start now');
    changeValue(input(button, 'Button style'), 'primary');
    typeInto(input(button, 'Button link'), 'pricing');
    pressIn(input(button, 'Button link'), 'ArrowDown');
    pressIn(input(button, 'Button link'), 'Enter');
    changeValue(input(button, 'Button icon'), '');

    const inlines = inlinesOf(page.getDocument());
    expect(inlines[15]).toEqual({ object: 'inline', type: 'button', isVoid: true, data: { label: 'Start now', kind: 'primary', ref: { kind: 'page', page: 'page-2' } } });
    // The rest of the edited paragraph as the editor writes text.
    expect(inlines.filter((_, i) => i !== 15)).toEqual(inlinesOf(canonicalText(document)).filter((_, i) => i !== 15));
  });

  it('"Button" from the / menu puts a button in the text, its label field focused; Enter there goes back to the text after it', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    newLineAtEnd();
    type('Ready? ');
    await menu('/button', 'Button');
    const label = input(lastChip('button'), 'Button label');
    expect(document.activeElement).toBe(label);
    label.value = 'Sign up';
    expect(pressIn(label, 'Enter').defaultPrevented).toBe(true);
    // The cursor is back in the text, after the button (jsdom has no focus for the editable element to check).
    expect(view().state.selection.$from.nodeBefore?.type.name).toBe('button');
    type(' today');
    expect(last().nodes).toEqual([text('Ready? '), { object: 'inline', type: 'button', isVoid: true, data: { label: 'Sign up', kind: 'primary', ref: { kind: 'url', url: '' } } }, text(' today')]);
  });
});

describe('icons', () => {
  it('an icon`s name is edited in its chip; "Icon" from the / menu puts one in the text', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    changeValue(input(chip('icon'), 'Icon'), 'gitlab');
    expect(inlinesOf(page.getDocument())[11]).toEqual({ object: 'inline', type: 'icon', isVoid: true, data: { icon: 'gitlab' } });
    newLineAtEnd();
    await menu('/icon', 'Icon');
    changeValue(document.activeElement as HTMLInputElement, 'rocket');
    expect(last().nodes).toEqual([{ object: 'inline', type: 'icon', isVoid: true, data: { icon: 'rocket' } }]);
  });
});

describe('mentions (@)', () => {
  it('typing @ lists people and pages; the words typed narrow it; Enter mentions the one chosen', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    newLineAtEnd();
    type('Ask @');
    await settled();
    const listbox = host.querySelector('[role="listbox"][aria-label="Mention someone or a page"]')!;
    expect(listbox).not.toBeNull();
    const groups = [...listbox.querySelectorAll('[role="group"]')].map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent);
    expect(groups).toEqual(['People', 'Pages']);
    expect(view().dom.getAttribute('aria-activedescendant')).toBe(listbox.querySelector('[role="option"]')!.id);
    type('gra');
    await settled();
    expect([...listbox.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toEqual(['Grace Hopper grace@example.com']);
    expect(press('Enter')).toBe(true);
    type('about it');
    expect(last().nodes).toEqual([text('Ask '), { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user: 'u2' } } }, text(' about it')]);
    expect(view().dom.querySelectorAll('.doc-chip[data-type="mention"]')[1].textContent).toBe('@Grace Hopper');
    // A mention of a page shows the page's title.
    expect(chip('mention').textContent).toBe('Pricing');
  });

  it('mentions a page with the arrows', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    newLineAtEnd();
    type('See @');
    await settled();
    press('ArrowDown');
    press('ArrowDown');
    press('Enter');
    expect(last().nodes![1]).toEqual({ object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'page', page: 'page-1' } } });
  });

  it('is not offered in code, where @ is text', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    endOf('cl-1');
    type(' @gra');
    await settled();
    expect(host.querySelector('[aria-label="Mention someone or a page"]')).toBeNull();
  });
});

describe('annotations (text with a note)', () => {
  const dialog = () => host.querySelector('form[role="dialog"][aria-label="Annotation"]') as HTMLFormElement | null;
  const submit = () => dialog()!.requestSubmit();
  /** The form opens after a frame, once the note's markdown conversions are loaded. */
  const opened = async () => {
    for (let waited = 0; !dialog() && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('shows annotated text with its note as the title; typing in it keeps it annotated', () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document, services));
    const term = view().dom.querySelector('.doc-annotation') as HTMLElement;
    expect(term.textContent).toBe('term');
    expect(term.title).toBe('The note.');
    const { pos, node } = findKey('p-inlines');
    let at = -1;
    node.forEach((child, offset) => {
      if (child.isText && child.text === 'term') at = pos + 1 + offset;
    });
    view().dispatch(view().state.tr.insertText('X', at + 2));
    expect(inlinesOf(page.getDocument())[16]).toEqual({ ...inlinesOf(document)[16], nodes: [text('teXrm')] });
  });

  it('Mod-Alt-m in annotated text edits its note (markdown, read by the document model)', async () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document, services));
    const { pos, node } = findKey('p-inlines');
    node.forEach((child, offset) => {
      if (child.isText && child.text === 'term') selectAt(pos + 1 + offset + 1);
    });
    expect(press('m', { mod: true, alt: true })).toBe(true);
    await opened();
    const field = input(dialog()!, 'Note') as unknown as HTMLTextAreaElement;
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.value).toBe('The note.');
    expect(window.document.activeElement).toBe(field);
    field.value = 'A **better** note.';
    submit();
    expect(dialog()).toBeNull();
    const inlines = inlinesOf(page.getDocument());
    expect(inlines[16]).toEqual({
      object: 'inline',
      type: 'annotation',
      isVoid: false,
      data: {},
      nodes: [text('term')],
      fragments: note(paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 'A ', marks: [] }, { object: 'leaf', text: 'better', marks: [{ object: 'mark', type: 'bold' }] }, { object: 'leaf', text: ' note.', marks: [] }] })),
    });
    expect(inlines.filter((_, i) => i !== 16)).toEqual(inlinesOf(canonicalText(document)).filter((_, i) => i !== 16));
  });

  it('annotates the selected text; an empty note is refused with a message; "Remove note" leaves the text', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    press('m', { mod: true, alt: true });
    await opened();
    expect(input(dialog()!, 'Annotated text')).toBeNull();
    const removeButton = () => [...dialog()!.querySelectorAll('button')].find((button) => button.textContent === 'Remove note')!;
    expect(removeButton().hidden).toBe(true);
    submit();
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toBe('Write the note, or remove it.');
    expect(page.isDirty()).toBe(false);
    (input(dialog()!, 'Note') as unknown as HTMLTextAreaElement).value = 'The block of text.\n\n## Why\n\n{% hint style="info" %}\nA hint\n{% endhint %}';
    submit();
    expect(byKey('p-edit').nodes).toEqual([
      text('The '),
      {
        object: 'inline',
        type: 'annotation',
        isVoid: false,
        data: {},
        nodes: [text('paragraph')],
        // A note holds what the reference lets it hold: the hint is a paragraph of its text.
        fragments: note(paragraph(text('The block of text.')), { object: 'block', type: 'heading-1', isVoid: false, data: {}, nodes: [text('Why')] }, paragraph(text('A hint'))),
      },
      text(' the tests edit.'),
    ]);

    selectIn('p-edit', 6, 6);
    press('m', { mod: true, alt: true });
    await opened();
    expect(removeButton().hidden).toBe(false);
    removeButton().click();
    expect(byKey('p-edit').nodes).toEqual([text('The paragraph the tests edit.')]);
  });

  it('"Annotation" from the / menu asks for the text and its note, and inserts them', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    newLineAtEnd();
    type('See the ');
    await menu('/annotation', 'Annotation');
    await opened();
    const words = input(dialog()!, 'Annotated text');
    expect(window.document.activeElement).toBe(words);
    submit();
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toBe('Write the text the note is about.');
    words.value = 'glossary';
    (input(dialog()!, 'Note') as unknown as HTMLTextAreaElement).value = 'Words and what they mean.';
    submit();
    expect(last().nodes).toEqual([text('See the '), { object: 'inline', type: 'annotation', isVoid: false, data: {}, nodes: [text('glossary')], fragments: note(paragraph(text('Words and what they mean.'))) }]);
  });

  it('Escape closes the form and changes nothing', async () => {
    ({ host, page } = openEditor(everyBlockDocument(), services));
    selectIn('p-edit', 4, 13);
    press('m', { mod: true, alt: true });
    await opened();
    pressIn(input(dialog()!, 'Note'), 'Escape');
    expect(dialog()).toBeNull();
    expect(page.isDirty()).toBe(false);
  });
});

function selectAt(pos: number): void {
  view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, pos)));
}
