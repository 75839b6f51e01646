import { TextSelection } from '@tiptap/pm/state';
import { nameOfRef } from '../editor/choice-sources';
import type { ContentRef } from '../model/content-ref';
import { textOfRef } from '../model/ref-text';
import { choiceField, DataField, fieldControl, FieldControl, refField, textField } from './data-fields';
import { element } from './dom';
import { imageUrl } from './media-views';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/**
 * An inline atom shown as a chip: its text, and inputs for the fields a person edits. Enter in a
 * field commits it and goes back to the text, after the chip.
 */
class ChipView extends NodeViewBase {
  private readonly text = element('span', { class: 'doc-chip-text' });
  private readonly fieldControls: FieldControl[];

  constructor(
    context: ViewContext,
    private readonly show: (data: Record<string, any>) => string,
    fields: DataField[] = [],
    label?: string,
  ) {
    super(context);
    this.fieldControls = fields.map((field) => fieldControl(field, context, () => this.data, (patch) => this.setData(patch)));
    const attributes: Record<string, string> = { class: 'doc-chip', 'data-type': context.props.node.type.name };
    if (label) Object.assign(attributes, { role: 'group', 'aria-label': label });
    this.dom = controls(element('span', attributes, this.text, ...this.fieldControls.map((control) => control.element)));
    this.dom.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.defaultPrevented && (event.target as HTMLElement).tagName !== 'TEXTAREA') this.backToText();
    });
    this.render();
  }

  /** The cursor after the chip, in the editor. */
  private backToText(): void {
    const pos = this.context.props.getPos();
    if (typeof pos !== 'number') return;
    const { view } = this.context.props.editor;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, pos + this.node.nodeSize)));
    // At once (Tiptap's focus waits a frame): what is typed next goes to the text, not the field.
    view.focus();
  }

  protected render(): void {
    this.text.textContent = this.show(this.data);
    for (const control of this.fieldControls) control.render(this.data, this.editable);
  }
}

class InlineImageView extends NodeViewBase {
  constructor(context: ViewContext) {
    super(context);
    this.dom = element('img', { class: 'doc-inline-image', 'data-type': 'inlineImage' });
    this.render();
  }

  protected render(): void {
    const img = this.dom as HTMLImageElement;
    const src = imageUrl(this.context, this.data['ref']);
    if (src) img.src = src;
    img.alt = this.data['alt'] ?? this.data['caption'] ?? '';
  }
}

const emoji = (code: string) => {
  try {
    return String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return code;
  }
};

/** What a mention names: a person's name (`@Ada`), a page's title, else the reference as text. */
const mentionText = (context: ViewContext, ref: ContentRef | undefined) => {
  if (!ref) return '';
  const name = nameOfRef(context.services, ref) ?? context.services.resolvePage?.(ref)?.title;
  return ref.kind === 'user' ? `@${name ?? ref.user}` : (name ?? textOfRef(ref));
};

/** A button's fields: its label, where it leads (the link picker: a page, a heading, a file, a URL), its style and icon. */
const buttonFields = (): DataField[] => [
  textField('Button label', (data) => data['label'] ?? '', (label) => ({ label })),
  refField('Button link', ['pages', 'headings', 'files'], (data) => data['ref'], (ref, data) => ({ ref: ref ?? data['ref'] })),
  choiceField('Button style', ['primary', 'secondary'], (data) => data['kind'] ?? 'primary', (kind) => ({ kind })),
  textField('Button icon', (data) => data['icon'] ?? '', (icon) => ({ icon: icon.trim() || undefined })),
];

/** The views of the inline atoms, by node name. */
export const INLINE_VIEWS: Record<string, (context: ViewContext) => NodeViewBase> = {
  inlineImage: (context) => new InlineImageView(context),
  emoji: (context) => new ChipView(context, (data) => emoji(String(data['code'] ?? ''))),
  icon: (context) => new ChipView(context, () => 'Icon', [textField('Icon', (data) => data['icon'] ?? '', (icon) => ({ icon: icon.trim() }))]),
  expression: (context) => new ChipView(context, () => 'Variable', [textField('Variable', (data) => data['expression'] ?? '', (expression) => ({ expression }))]),
  inlineMath: (context) => new ChipView(context, () => 'Math', [textField('Formula', (data) => data['formula'] ?? '', (formula) => ({ formula }))]),
  mention: (context) => new ChipView(context, (data) => mentionText(context, data['ref'])),
  button: (context) => new ChipView(context, () => 'Button', buttonFields(), 'Button'),
  unknownInline: (context) => new ChipView(context, () => `[${context.props.node.attrs['json']?.type ?? 'inline'}]`),
};
