/** @jest-environment jsdom */
import { markdownToDocument } from '@docs/document-model';
import { Slice } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { everyBlockDocument } from '../../testing/every-block-document';
import type { DocNode } from '../model/doc-node';
import { closeEditor, endOf, findKey, newLineAtEnd, openEditor, press, settled, type, view } from '../../testing/editor-harness';
import type { PageEditor } from './create-page-editor';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const text = (value: string): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });

let host: HTMLElement;
let page: PageEditor;
const uploads: File[] = [];

const convert = (markdown: string) => markdownToDocument(markdown) as unknown as DocNode;

function open(document: DocNode, readOnly = false, markdownToDocumentService: (markdown: string) => DocNode | Promise<DocNode> = convert): PageEditor {
  ({ host, page } = openEditor(document, {
    readOnly,
    markdownToDocument: markdownToDocumentService,
    uploadFile: async (file) => (uploads.push(file), { fileId: `uploaded-${uploads.length}`, url: `blob:${file.name}` }),
  }));
  return page;
}

afterEach(() => closeEditor());

const last = () => page.getDocument().nodes!.at(-1)!;

describe('the page editor on a document of every block type', () => {
  it('opens it and gives it back unchanged: no change, the same document', () => {
    const document = everyBlockDocument();
    open(document);
    expect(page.isDirty()).toBe(false);
    expect(page.getDocument()).toBe(document);
    expect(view().dom.querySelectorAll('[data-type]').length).toBeGreaterThan(50);
  });

  it('typing in one paragraph changes only that paragraph; undo takes it back', () => {
    const document = everyBlockDocument();
    open(document);
    endOf('p-edit');
    type(' More.');
    const expected = clone(document);
    expected.nodes![3].nodes = [text('The paragraph the tests edit. More.')];
    expect(page.isDirty()).toBe(true);
    expect(page.getDocument()).toEqual(expected);
    expect(press('z', { mod: true })).toBe(true);
    expect(page.isDirty()).toBe(false);
    expect(page.getDocument()).toEqual(document);
    expect(press('z', { mod: true, shift: true })).toBe(true);
    expect(page.getDocument()).toEqual(expected);
  });

  it.each([
    ['## ', 'Title', { type: 'heading-2', text: 'Title' }],
    ['# ', 'Top', { type: 'heading-1', text: 'Top' }],
    ['### ', 'Low', { type: 'heading-3', text: 'Low' }],
    ['* ', 'item', { type: 'list-unordered', text: 'item' }],
    ['- ', 'item', { type: 'list-unordered', text: 'item' }],
    ['1. ', 'first', { type: 'list-ordered', text: 'first' }],
    ['[ ] ', 'task', { type: 'list-tasks', text: 'task' }],
    ['> ', 'quoted', { type: 'blockquote', text: 'quoted' }],
    ['```ts ', 'const a = 1;', { type: 'code', text: 'const a = 1;' }],
  ])('the markdown shortcut "%s" makes its block', (shortcut, words, expected) => {
    open(everyBlockDocument());
    newLineAtEnd();
    type(shortcut + words);
    const block = last();
    expect(block.type).toBe(expected.type);
    const leaves = JSON.stringify(block).match(/"text":"([^"]*)"/g)?.join('');
    expect(leaves).toContain(expected.text);
    if (block.type === 'code') expect(block.data).toEqual({ syntax: 'ts' });
    if (block.type === 'list-tasks') expect(block.nodes![0].data).toEqual({ checked: false });
  });

  it('the / menu lists blocks by name, moves with the arrows and inserts with Enter', async () => {
    open(everyBlockDocument());
    newLineAtEnd();
    type('/hint');
    await settled();
    const listbox = host.querySelector('[role="listbox"][aria-label="Insert a block"]')!;
    expect(listbox).not.toBeNull();
    const options = [...listbox.querySelectorAll('[role="option"]')].map((option) => option.textContent);
    expect(options).toEqual(['Hint: info', 'Hint: warning', 'Hint: danger', 'Hint: success']);
    expect(view().dom.getAttribute('aria-activedescendant')).toBe(listbox.querySelectorAll('[role="option"]')[0].id);
    expect(press('ArrowDown')).toBe(true);
    expect(press('ArrowDown')).toBe(true);
    expect(view().dom.getAttribute('aria-activedescendant')).toBe(listbox.querySelectorAll('[role="option"]')[2].id);
    expect(listbox.querySelectorAll('[role="option"]')[2].getAttribute('aria-selected')).toBe('true');
    expect(press('Enter')).toBe(true);
    expect(host.querySelector('[role="listbox"][aria-label="Insert a block"]')).toBeNull();
    expect(last()).toMatchObject({ type: 'hint', data: { style: 'danger' }, nodes: [{ type: 'paragraph', nodes: [text('')] }] });
    type('Careful');
    expect(last()).toMatchObject({ type: 'hint', nodes: [{ type: 'paragraph', nodes: [text('Careful')] }] });
    // Undo takes it all back (typing close in time is one step of history).
    while (page.isDirty() && press('z', { mod: true }));
    expect(page.getDocument()).toEqual(everyBlockDocument());
  });

  it.each([
    ['/table', 'Table', 'table'],
    ['/cards', 'Cards', 'table'],
    ['/tabs', 'Tabs', 'tabs'],
    ['/expand', 'Expandable', 'expandable'],
    ['/stepper', 'Stepper', 'stepper'],
    ['/code', 'Code block', 'code'],
    ['/image', 'Image', 'images'],
    ['/file', 'File', 'file'],
    ['/embed', 'Embed', 'embed'],
    ['/math', 'Math', 'math'],
    ['/divider', 'Divider', 'divider'],
    ['/page', 'Page link', 'content-ref'],
    ['/reusable', 'Reusable content', 'reusable-content'],
    ['/openapi', 'OpenAPI operation', 'openapi-operation'],
    ['/quote', 'Quote', 'blockquote'],
    ['/numbered', 'Numbered list', 'list-ordered'],
  ])('the / menu inserts %s', async (query, title, type_) => {
    open(everyBlockDocument());
    newLineAtEnd();
    type(query);
    await settled();
    const options = [...host.querySelectorAll('[role="option"]')].map((option) => option.textContent);
    expect(options[0]).toBe(title);
    press('Enter');
    const blocks = page.getDocument().nodes!;
    expect(blocks.some((block) => block.type === type_ && !everyBlockDocument().nodes!.some((old) => old.key === block.key && block.key))).toBe(true);
  });

  it('the / menu inserts a variable inline', async () => {
    open(everyBlockDocument());
    newLineAtEnd();
    type('Version /variable');
    await settled();
    press('Enter');
    expect(last().nodes).toEqual([text('Version '), { object: 'inline', type: 'expression', isVoid: true, data: { expression: '' } }]);
  });

  it('marks by key: Mod-b, Mod-i, Mod-Shift-x, Mod-e', () => {
    open(everyBlockDocument());
    const { pos } = findKey('p-edit');
    view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, pos + 5, pos + 14)));
    for (const [key, shift] of [['b', false], ['i', false], ['x', true], ['e', false]] as const) expect(press(key, { mod: true, shift })).toBe(true);
    expect(page.getDocument().nodes![3].nodes![0].leaves![1]).toEqual({
      object: 'leaf',
      text: 'paragraph',
      marks: ['bold', 'italic', 'strikethrough', 'code'].map((type) => ({ object: 'mark', type })),
    });
  });

  it('Mod-k opens the link form; applying links the selection to a page', () => {
    open(everyBlockDocument());
    const { pos } = findKey('p-edit');
    view().dispatch(view().state.tr.setSelection(TextSelection.create(view().state.doc, pos + 5, pos + 14)));
    expect(press('k', { mod: true })).toBe(true);
    const form = host.querySelector('form[aria-label="Link"]') as HTMLFormElement;
    (form.querySelector('input[aria-label="Link target"]') as HTMLInputElement).value = 'ref:page/page-9#setup';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(page.getDocument().nodes![3].nodes).toEqual([
      text('The '),
      { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'anchor', page: 'page-9', anchor: 'setup' } }, nodes: [text('paragraph')] },
      text(' the tests edit.'),
    ]);
  });

  it('the hint style menu, the code options, "Add tab", an image "Caption" and a table "Add row" edit their blocks', () => {
    const document = everyBlockDocument();
    open(document);
    const change = (selector: string, value: string | boolean) => {
      const input = view().dom.querySelector(selector) as HTMLInputElement | HTMLSelectElement;
      if (typeof value === 'boolean') (input as HTMLInputElement).checked = value;
      else input.value = value;
      input.dispatchEvent(new Event('change'));
    };
    const hint = view().dom.querySelector('[data-style="info"]')!;
    const select = hint.querySelector('select[aria-label="Hint style"]') as HTMLSelectElement;
    select.value = 'success';
    select.dispatchEvent(new Event('change'));
    change('[data-type="codeBlock"] input[aria-label="Language"]', 'javascript');
    change('[data-type="codeBlock"] input[aria-label="Title"]', 'main.js');
    change('[data-type="codeBlock"] input[aria-label="Line numbers"]', false);
    (view().dom.querySelector('button[aria-label="Add tab"]') as HTMLButtonElement).click();
    const captions = [...view().dom.querySelectorAll('button[aria-label="Caption"]')].filter((button) => !(button as HTMLButtonElement).hidden);
    (captions[0] as HTMLButtonElement).click();
    (view().dom.querySelector('[data-type="table"] button[aria-label="Add row"]') as HTMLButtonElement).click();

    const out = page.getDocument();
    const byKey = (key: string) => out.nodes!.find((node) => node.key === key)!;
    expect(byKey('hint-info').data).toEqual({ style: 'success' });
    expect(byKey('code').data).toEqual({ syntax: 'javascript', title: 'main.js', overflow: 'wrap', lineNumbers: false, fullWidth: false });
    expect(byKey('tabs').nodes!.map((tab) => tab.data)).toEqual([{ title: 'npm' }, { title: 'yarn' }, { title: 'Tab 3' }]);
    expect(byKey('images').nodes![1].fragments).toEqual([{ object: 'fragment', fragment: 'caption', nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [text('')] }] }]);
    const table = byKey('table');
    const added = Object.entries<any>(table.data!['records']).find(([id]) => !['r0', 'r1', 'r2'].includes(id))![1];
    expect(added.orderIndex > '000002').toBe(true);
    expect(Object.keys(added.values)).toEqual(['c0', 'c1']);
    expect(table.fragments!.length).toBe(8);
    // Everything else is as it was.
    const untouched = (node: DocNode) => !['hint-info', 'code', 'tabs', 'images', 'table'].includes(node.key ?? '');
    expect(out.nodes!.filter(untouched)).toEqual(document.nodes!.filter(untouched));
  });

  it('the box of a task checks it', () => {
    open(everyBlockDocument());
    const box = view().dom.querySelector('[data-type="listTasks"] li input[aria-label="Done"]') as HTMLInputElement;
    expect(box.checked).toBe(true);
    box.checked = false;
    box.dispatchEvent(new Event('change'));
    expect(page.getDocument().nodes!.find((node) => node.key === 'tasks')!.nodes![0].data).toEqual({ checked: false });
  });
});

describe('paste and drop', () => {
  const paste = (data: Record<string, string>, files: File[] = []) => {
    const event = { clipboardData: { files, getData: (type: string) => data[type] ?? '' } } as unknown as ClipboardEvent;
    return view().someProp('handlePaste', (handle) => handle(view(), event, Slice.empty));
  };

  it('reads pasted markdown through the shared converter', () => {
    open(everyBlockDocument());
    newLineAtEnd();
    expect(paste({ 'text/plain': '## Pasted\n\n- one\n- two\n\n{% hint style="warning" %}\nCareful\n{% endhint %}\n' })).toBe(true);
    // The converter's levels: `##` is the first level of a page body (the page title is its `#`).
    const blocks = page.getDocument().nodes!.slice(-3);
    expect(blocks.map((block) => block.type)).toEqual(['heading-1', 'list-unordered', 'hint']);
    expect(blocks[2].data).toEqual({ style: 'warning' });
    expect(blocks.every((block) => block.key === undefined)).toBe(true);
  });

  it('reads pasted HTML as markdown, then through the shared converter', () => {
    open(everyBlockDocument());
    newLineAtEnd();
    expect(paste({ 'text/html': '<h3>From a site</h3><p>Some <strong>bold</strong> text</p><script>alert(1)</script>', 'text/plain': 'From a site' })).toBe(true);
    const blocks = page.getDocument().nodes!.slice(-2);
    expect(blocks[0]).toMatchObject({ type: 'heading-2', nodes: [text('From a site')] });
    expect(blocks[1].nodes![0].leaves!.map((leaf) => leaf.text)).toEqual(['Some ', 'bold', ' text']);
    expect(JSON.stringify(page.getDocument())).not.toContain('alert');
  });

  it('with a converter still loading, the paste lands once it has, where the cursor is', async () => {
    let loaded!: () => void;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    open(everyBlockDocument(), false, async (markdown) => (await loading, convert(markdown)));
    newLineAtEnd();
    const before = page.getDocument().nodes!.length;
    expect(paste({ 'text/plain': '## Later\n\n- one\n- two\n' })).toBe(true);
    await settled();
    expect(page.getDocument().nodes!.length).toBe(before);
    loaded();
    await settled();
    expect(page.getDocument().nodes!.slice(-2).map((block) => block.type)).toEqual(['heading-1', 'list-unordered']);
  });

  it('pastes the plain text when the converter could not load: nothing pasted is lost', async () => {
    open(everyBlockDocument(), false, () => Promise.reject(new Error('offline')));
    endOf('p-edit');
    expect(paste({ 'text/html': '<p>Some <strong>bold</strong></p>', 'text/plain': 'Some bold' })).toBe(true);
    await settled();
    expect(findKey('p-edit').node.textContent).toMatch(/Some bold$/);
  });

  it('pastes plain text that is not markdown as text', () => {
    open(everyBlockDocument());
    endOf('p-edit');
    expect(paste({ 'text/plain': 'just words' })).toBeFalsy();
  });

  it('uploads a pasted image and puts it in an images block', async () => {
    open(everyBlockDocument());
    newLineAtEnd();
    expect(paste({}, [new File(['png'], 'shot.png', { type: 'image/png' })])).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(uploads.at(-1)!.name).toBe('shot.png');
    const images = page.getDocument().nodes!.find((node) => node.type === 'images' && node.key === undefined)!;
    expect(images.nodes).toEqual([{ object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'file', file: `uploaded-${uploads.length}` } }, fragments: [] }]);
    expect((view().dom.querySelector(`img[src="blob:shot.png"]`) as HTMLImageElement).src).toBe('blob:shot.png');
  });
});

describe('read only', () => {
  it('edits nothing: the controls are disabled', () => {
    open(everyBlockDocument(), true);
    expect(page.editor.isEditable).toBe(false);
    expect((view().dom.querySelector('select[aria-label="Hint style"]') as HTMLSelectElement).disabled).toBe(true);
    expect((view().dom.querySelector('input[aria-label="Language"]') as HTMLInputElement).disabled).toBe(true);
  });
});
