/** @jest-environment jsdom */
import { everyBlockDocument } from '../../testing/every-block-document';
import { closeEditor, domOf, endOf, openEditor, press, type } from '../../testing/editor-harness';
import type { DocNode } from '../model/doc-node';
import type { PageEditor } from './create-page-editor';

let page: PageEditor;
afterEach(() => closeEditor());

const byKey = (key: string) => page.getDocument().nodes!.find((node) => node.key === key)!;
const keysOf = (key: string) => byKey(key).nodes!.map((node) => node.key);
const button = (within: Element, name: string) => within.querySelector(`:scope > .doc-controls button[aria-label="${name}"]`) as HTMLButtonElement;
const itemButton = (key: string, name: string) => button(domOf(key), name);
const untouchedBut = (document: DocNode, ...keys: string[]) => {
  const others = (doc: DocNode) => doc.nodes!.filter((node) => !keys.includes(node.key ?? ''));
  expect(others(page.getDocument())).toEqual(others(document));
};
/** The table's rows as the site shows them: records by order index, each by its first cell's text. */
const rowsOf = (table: DocNode) =>
  Object.entries<any>(table.data!['records'])
    .sort(([, a], [, b]) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map(([id]) => id);

describe('moving tabs', () => {
  it('"Move tab right" and "Move tab left" reorder the tabs; the tabs keep their content', () => {
    const document = everyBlockDocument();
    ({ page } = openEditor(document));
    itemButton('tab-1', 'Move tab right').click();
    expect(keysOf('tabs')).toEqual(['tab-2', 'tab-1']);
    expect(byKey('tabs').nodes![1]).toEqual(document.nodes!.find((node) => node.key === 'tabs')!.nodes![0]);
    // At the end there is nowhere to go: nothing changes.
    itemButton('tab-1', 'Move tab right').click();
    expect(keysOf('tabs')).toEqual(['tab-2', 'tab-1']);
    itemButton('tab-1', 'Move tab left').click();
    expect(keysOf('tabs')).toEqual(['tab-1', 'tab-2']);
    expect(page.getDocument()).toEqual(document);
  });

  it('Alt-ArrowRight and Alt-ArrowLeft move the tab the cursor is in, the cursor with it', () => {
    const document = everyBlockDocument();
    ({ page } = openEditor(document));
    endOf('tab-1-p');
    expect(press('ArrowRight', { alt: true })).toBe(true);
    expect(keysOf('tabs')).toEqual(['tab-2', 'tab-1']);
    type('!');
    expect(byKey('tabs').nodes![1].nodes![0].nodes![0].leaves![0].text).toBe('npm install!');
    // Taken even at the end (Alt-ArrowRight is no browser key to leave the page by).
    expect(press('ArrowRight', { alt: true })).toBe(true);
    expect(press('ArrowLeft', { alt: true })).toBe(true);
    expect(keysOf('tabs')).toEqual(['tab-1', 'tab-2']);
    untouchedBut(document, 'tabs');
    // Outside a tab, the keys are not the editor's.
    endOf('p-edit');
    expect(press('ArrowLeft', { alt: true })).toBe(false);
  });
});

describe('moving steps', () => {
  it('"Move step down" and "Move step up", and Alt-ArrowUp and Alt-ArrowDown, reorder the steps', () => {
    const document = everyBlockDocument();
    ({ page } = openEditor(document));
    itemButton('step-1', 'Move step down').click();
    expect(keysOf('stepper')).toEqual(['step-2', 'step-1']);
    itemButton('step-1', 'Move step up').click();
    expect(keysOf('stepper')).toEqual(['step-1', 'step-2']);
    endOf('step-2-p');
    expect(press('ArrowUp', { alt: true })).toBe(true);
    expect(keysOf('stepper')).toEqual(['step-2', 'step-1']);
    expect(press('ArrowDown', { alt: true })).toBe(true);
    expect(page.getDocument()).toEqual(document);
  });
});

describe('moving table rows', () => {
  it('"Move row up" moves the row the cursor is in; the moved record alone gets a new order index, placing it where it now is', () => {
    const document = everyBlockDocument();
    ({ page } = openEditor(document));
    const table = () => byKey('table');
    expect(rowsOf(table())).toEqual(['r0', 'r1', 'r2']);
    endOf('r2c0-p');
    button(domOf('table'), 'Move row up').click();
    expect(rowsOf(table())).toEqual(['r0', 'r2', 'r1']);
    const records = table().data!['records'];
    const before = document.nodes!.find((node) => node.key === 'table')!.data!['records'];
    expect(records['r0']).toEqual(before['r0']);
    expect(records['r1']).toEqual(before['r1']);
    expect(records['r2'].values).toEqual(before['r2'].values);
    expect(records['r2'].orderIndex > '000000' && records['r2'].orderIndex < '000001').toBe(true);
    // To the top (below 000000 only a prefix sorts: 00000), where it stays; then back to the end.
    expect(press('ArrowUp', { alt: true })).toBe(true);
    expect(rowsOf(table())).toEqual(['r2', 'r0', 'r1']);
    expect(press('ArrowUp', { alt: true })).toBe(true);
    expect(rowsOf(table())).toEqual(['r2', 'r0', 'r1']);
    button(domOf('table'), 'Move row down').click();
    button(domOf('table'), 'Move row down').click();
    expect(rowsOf(table())).toEqual(['r0', 'r1', 'r2']);
    // The cells went with their rows.
    expect(table().fragments).toEqual(document.nodes!.find((node) => node.key === 'table')!.fragments);
    untouchedBut(document, 'table');
  });

  it('moves nothing from outside the table, and never above the header', () => {
    const document = everyBlockDocument();
    ({ page } = openEditor(document));
    endOf('p-edit');
    button(domOf('table'), 'Move row up').click();
    expect(page.isDirty()).toBe(false);
    endOf('r0c0-p');
    button(domOf('table'), 'Move row up').click();
    expect(page.isDirty()).toBe(false);
  });
});
