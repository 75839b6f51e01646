/** @jest-environment jsdom */
import { everyBlockDocument } from '../../testing/every-block-document';
import { changeValue, closeEditor, domOf, endOf, newLineAtEnd, openEditor, press, settled, type } from '../../testing/editor-harness';
import type { DocNode } from '../model/doc-node';
import type { PageEditor } from './create-page-editor';

const text = (value: string): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const paragraph = (value: string): DocNode => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [text(value)] });
const percent = (value: number) => ({ unit: '%', value });

let host: HTMLElement;
let page: PageEditor;
afterEach(() => closeEditor());

const byKey = (key: string) => page.getDocument().nodes!.find((node) => node.key === key)!;
const untouchedBut = (document: DocNode, ...keys: string[]) => {
  const others = (doc: DocNode) => doc.nodes!.filter((node) => !keys.includes(node.key ?? ''));
  expect(others(page.getDocument())).toEqual(others(document));
};
const button = (within: Element, name: string) => within.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;
const columnsOf = (key: string) => [...domOf(key).querySelectorAll<HTMLElement>('[data-type="column"]')];

describe('columns', () => {
  it('the / menu offers neither "Columns" nor "Conditional content": the API refuses a page holding them', async () => {
    ({ host, page } = openEditor(everyBlockDocument()));
    for (const query of ['/columns', '/conditional']) {
      newLineAtEnd();
      type(query);
      await settled();
      const titles = [...host.querySelectorAll('[aria-label="Insert a block"] [role="option"]')].map((option) => option.textContent);
      expect(titles).not.toContain('Columns');
      expect(titles).not.toContain('Conditional content');
      press('Escape');
    }
  });

  it('writes in a column as in any container: the edit changes that paragraph only', () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document));
    endOf('col-2-p');
    type(' and more');
    const columns = byKey('columns');
    expect(columns.nodes![1].nodes![0].nodes).toEqual([text('Right and more')]);
    expect(columns.nodes![0]).toEqual(document.nodes!.find((node) => node.key === 'columns')!.nodes![0]);
    expect(columns.nodes![1].nodes![1]).toEqual(document.nodes!.find((node) => node.key === 'columns')!.nodes![1].nodes![1]);
    untouchedBut(document, 'columns');
  });

  it('"Column width" sets a column`s share of the row; its neighbour gives the difference', () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document));
    const [left, right] = columnsOf('columns');
    const width = left.querySelector('input[aria-label="Column width"]') as HTMLInputElement;
    expect(width.type).toBe('number');
    expect(width.value).toBe('40');
    expect((right.querySelector('input[aria-label="Column width"]') as HTMLInputElement).value).toBe('60');
    changeValue(width, '25');
    expect(byKey('columns').nodes!.map((column) => column.data)).toEqual([{ width: percent(25), verticalAlignment: 'top' }, { width: percent(75) }]);
    expect(columnsOf('columns')[1].style.getPropertyValue('--column-width')).toBe('75%');
    // Emptied: the column shares what the other leaves.
    changeValue(columnsOf('columns')[0].querySelector('input[aria-label="Column width"]') as HTMLInputElement, '');
    expect(byKey('columns').nodes![0].data).toEqual({ verticalAlignment: 'top' });
    untouchedBut(document, 'columns');
    // One step of history each.
    press('z', { mod: true });
    press('z', { mod: true });
    expect(page.getDocument()).toEqual(document);
  });

  it('"Vertical alignment" aligns a column`s blocks', () => {
    ({ host, page } = openEditor(everyBlockDocument()));
    const select = columnsOf('columns')[1].querySelector('select[aria-label="Vertical alignment"]') as HTMLSelectElement;
    expect(select.value).toBe('top');
    changeValue(select, 'middle');
    expect(byKey('columns').nodes![1].data).toEqual({ width: percent(60), verticalAlignment: 'middle' });
  });

  it('"Add column" adds an empty column and shares the row equally; "Remove column" removes one, the others share its width; the last one stays', () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document));
    button(domOf('columns'), 'Add column').click();
    const widths = () => byKey('columns').nodes!.map((column) => column.data!['width']);
    const third = percent(33.33);
    expect(widths()).toEqual([third, third, third]);
    expect(byKey('columns').nodes![2]).toEqual({ object: 'block', type: 'column', isVoid: false, data: { width: third }, nodes: [paragraph('')] });

    button(columnsOf('columns')[0], 'Remove column').click();
    expect(byKey('columns').nodes!.map((column) => column.key)).toEqual(['col-2', undefined]);
    expect(widths()).toEqual([percent(50), percent(50)]);
    button(columnsOf('columns')[0], 'Remove column').click();
    expect(byKey('columns').nodes!.map((column) => column.key)).toEqual([undefined]);
    expect(domOf('columns').dataset['count']).toBe('1');
    button(columnsOf('columns')[0], 'Remove column').click();
    expect(byKey('columns').nodes).toHaveLength(1);
    untouchedBut(document, 'columns');
  });

});

describe('conditional content (if)', () => {
  it('"Condition" edits the expression as the reference stores it; its blocks are edited as any container`s', () => {
    const document = everyBlockDocument();
    ({ host, page } = openEditor(document));
    const condition = domOf('if').querySelector('input[aria-label="Condition"]') as HTMLInputElement;
    expect(condition.value).toBe('visitor.claims.plan == "pro"');
    changeValue(condition, 'visitor.claims.plan == "enterprise" && visitor.claims.beta');
    endOf('if-p');
    type(' features');
    expect(byKey('if')).toEqual({
      object: 'block',
      type: 'if',
      key: 'if',
      isVoid: false,
      data: { expression: 'visitor.claims.plan == "enterprise" && visitor.claims.beta' },
      nodes: [{ ...paragraph('Pro only features'), key: 'if-p' }],
    });
    untouchedBut(document, 'if');
  });

  it('read only: the condition and the column controls are disabled', () => {
    ({ host, page } = openEditor(everyBlockDocument(), { readOnly: true }));
    expect((domOf('if').querySelector('input[aria-label="Condition"]') as HTMLInputElement).disabled).toBe(true);
    expect((columnsOf('columns')[0].querySelector('input[aria-label="Column width"]') as HTMLInputElement).disabled).toBe(true);
    expect(button(domOf('columns'), 'Add column').hidden).toBe(true);
  });
});
