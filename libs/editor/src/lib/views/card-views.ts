import { refFromText, textOfRef } from '../model/ref-text';
import { element, syncValue, textInput } from './dom';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/** A field of a card: its label, its text from the node's data, and the data it writes. */
export interface CardField {
  label: string;
  read: (data: Record<string, any>) => string;
  write: (text: string, data: Record<string, any>) => Record<string, unknown>;
  multiline?: boolean;
}

/**
 * An atom block shown as a card: a title, what it points at, and its fields (a formula, a URL, an
 * OpenAPI operation). A card with no fields edits nothing: a block the editor keeps verbatim.
 */
export class CardView extends NodeViewBase {
  private readonly inputs: { field: CardField; input: HTMLInputElement | HTMLTextAreaElement }[];
  private readonly summary = element('span', { class: 'doc-card-summary' });

  constructor(
    context: ViewContext,
    private readonly title: string,
    fields: CardField[],
    private readonly describe?: (data: Record<string, any>) => string,
  ) {
    super(context);
    this.inputs = fields.map((field) => ({ field, input: field.multiline ? this.textarea(field) : textInput(field.label, '', (text) => this.setData(field.write(text, this.data))) }));
    const readOnly = fields.length === 0 ? ' (kept as it is: not editable here)' : '';
    this.dom = controls(
      element('div', { class: 'doc-card', 'data-type': context.props.node.type.name, role: 'group', 'aria-label': `${title}${readOnly}` }, element('strong', {}, title), this.summary, ...this.inputs.map(({ input }) => input)),
    );
    this.render();
  }

  private textarea(field: CardField): HTMLTextAreaElement {
    const input = element('textarea', { 'aria-label': field.label, placeholder: field.label, rows: '2' });
    input.addEventListener('change', () => this.setData(field.write(input.value, this.data)));
    return input;
  }

  protected render(): void {
    this.summary.textContent = this.describe?.(this.data) ?? '';
    for (const { field, input } of this.inputs) {
      syncValue(input, field.read(this.data));
      input.disabled = !this.editable;
    }
  }
}

const refField = (label: string, kind?: string): CardField => ({
  label,
  read: (data) => textOfRef(data['ref']),
  write: (text) => {
    const ref = refFromText(text);
    return { ref: kind === 'reusable-content' && ref.kind === 'url' ? { kind: 'reusable-content', reusableContent: text.trim() } : ref };
  },
});

const specField: CardField = { label: 'OpenAPI spec', read: (data) => data['ref']?.spec ?? '', write: (text) => ({ ref: { kind: 'openapi', spec: text.trim() } }) };

/** The cards of the atom blocks, by node name. */
export const CARDS: Record<string, (context: ViewContext) => CardView> = {
  math: (context) => new CardView(context, 'Math', [{ label: 'Formula', multiline: true, read: (data) => data['formula'] ?? '', write: (formula) => ({ formula }) }]),
  contentRef: (context) =>
    new CardView(context, 'Page link', [refField('Link target')], (data) => (data['ref'] ? (context.services.resolvePage?.(data['ref'])?.title ?? textOfRef(data['ref'])) : 'No target yet')),
  reusableContent: (context) => new CardView(context, 'Reusable content', [refField('Reusable content', 'reusable-content')]),
  openapiOperation: (context) =>
    new CardView(context, 'OpenAPI operation', [
      specField,
      { label: 'Path', read: (data) => data['path'] ?? '', write: (path) => ({ path }) },
      { label: 'Method', read: (data) => data['method'] ?? '', write: (method) => ({ method: method.trim().toLowerCase() }) },
    ]),
  openapiSchemas: (context) =>
    new CardView(context, 'OpenAPI schemas', [
      specField,
      { label: 'Schemas', read: (data) => (data['schemas'] ?? []).join(', '), write: (text) => ({ schemas: text.split(',').map((name) => name.trim()).filter(Boolean) }) },
    ]),
  openapiWebhook: (context) => new CardView(context, 'OpenAPI webhook', [], (data) => `${data['ref']?.spec ?? ''} ${data['name'] ?? ''}`),
  swagger: (context) => new CardView(context, 'OpenAPI block', [], (data) => `${(data['method'] ?? '').toUpperCase()} ${data['path'] ?? ''}`),
  drawing: (context) => new CardView(context, 'Drawing', [], (data) => data['ref']?.file ?? ''),
  integration: (context) => new CardView(context, 'Integration block', [], (data) => `${data['integration'] ?? ''} ${data['block'] ?? ''}`),
  conditional: (context) => new CardView(context, 'Conditional content', [], (data) => data['expression'] ?? ''),
  columns: (context) => new CardView(context, 'Columns', []),
  unknownBlock: (context) => new CardView(context, `Block "${context.props.node.attrs['json']?.type ?? 'unknown'}"`, []),
};
