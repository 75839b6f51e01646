import { refFromText, textOfRef } from '../model/ref-text';
import { DataField, fieldControl, FieldControl, refField, textField } from './data-fields';
import { element } from './dom';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/**
 * An atom block shown as a card: a title, what it points at, and its fields (a formula, a link's
 * target, an OpenAPI operation). A card with no fields edits nothing: a block the editor keeps verbatim.
 */
export class CardView extends NodeViewBase {
  private readonly fieldControls: FieldControl[];
  private readonly summary = element('span', { class: 'doc-card-summary' });

  constructor(
    context: ViewContext,
    private readonly title: string,
    fields: DataField[],
    private readonly describe?: (data: Record<string, any>) => string,
  ) {
    super(context);
    this.fieldControls = fields.map((field) => fieldControl(field, context, () => this.data, (patch) => this.setData(patch)));
    const readOnly = fields.length === 0 ? ' (kept as it is: not editable here)' : '';
    this.dom = controls(
      element('div', { class: 'doc-card', 'data-type': context.props.node.type.name, role: 'group', 'aria-label': `${title}${readOnly}` }, element('strong', {}, title), this.summary, ...this.fieldControls.map((control) => control.element)),
    );
    this.render();
  }

  protected render(): void {
    this.summary.textContent = this.describe?.(this.data) ?? '';
    for (const control of this.fieldControls) control.render(this.data, this.editable);
  }
}

/** A content-ref's target, chosen with the link picker. */
const targetField = refField('Link target', ['pages', 'headings', 'files'], (data) => data['ref'], (ref, data) => ({ ref: ref ?? data['ref'] }));

/** A reusable content's id, typed (`ref:reusable-content/<id>` or the id alone). */
const reusableField = textField(
  'Reusable content',
  (data) => textOfRef(data['ref']),
  (text) => {
    const ref = refFromText(text);
    return { ref: ref.kind === 'url' ? { kind: 'reusable-content', reusableContent: text.trim() } : ref };
  },
);

const specField = textField('OpenAPI spec', (data) => data['ref']?.spec ?? '', (text) => ({ ref: { kind: 'openapi', spec: text.trim() } }));

/** The cards of the atom blocks, by node name. */
export const CARDS: Record<string, (context: ViewContext) => CardView> = {
  math: (context) => new CardView(context, 'Math', [textField('Formula', (data) => data['formula'] ?? '', (formula) => ({ formula }), true)]),
  contentRef: (context) =>
    new CardView(context, 'Page link', [targetField], (data) => (data['ref'] ? (context.services.resolvePage?.(data['ref'])?.title ?? textOfRef(data['ref'])) : 'No target yet')),
  reusableContent: (context) => new CardView(context, 'Reusable content', [reusableField]),
  openapiOperation: (context) =>
    new CardView(context, 'OpenAPI operation', [
      specField,
      textField('Path', (data) => data['path'] ?? '', (path) => ({ path })),
      textField('Method', (data) => data['method'] ?? '', (method) => ({ method: method.trim().toLowerCase() })),
    ]),
  openapiSchemas: (context) =>
    new CardView(context, 'OpenAPI schemas', [
      specField,
      textField('Schemas', (data) => (data['schemas'] ?? []).join(', '), (text) => ({ schemas: text.split(',').map((name: string) => name.trim()).filter(Boolean) })),
    ]),
  openapiWebhook: (context) => new CardView(context, 'OpenAPI webhook', [], (data) => `${data['ref']?.spec ?? ''} ${data['name'] ?? ''}`),
  swagger: (context) => new CardView(context, 'OpenAPI block', [], (data) => `${(data['method'] ?? '').toUpperCase()} ${data['path'] ?? ''}`),
  drawing: (context) => new CardView(context, 'Drawing', [], (data) => data['ref']?.file ?? ''),
  integration: (context) => new CardView(context, 'Integration block', [], (data) => `${data['integration'] ?? ''} ${data['block'] ?? ''}`),
  unknownBlock: (context) => new CardView(context, `Block "${context.props.node.attrs['json']?.type ?? 'unknown'}"`, []),
};
