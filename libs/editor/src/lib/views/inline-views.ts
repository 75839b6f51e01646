import { textOfRef } from '../model/ref-text';
import { element, syncValue, textInput } from './dom';
import { imageUrl } from './media-views';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/** An inline atom shown as a chip: its text, and an input for the one field a person edits. */
class ChipView extends NodeViewBase {
  private readonly text = element('span');
  private readonly input?: HTMLInputElement;

  constructor(
    context: ViewContext,
    private readonly show: (data: Record<string, any>) => string,
    private readonly field?: { label: string; name: string },
  ) {
    super(context);
    if (field) this.input = textInput(field.label, '', (value) => this.setData({ [field.name]: value }));
    this.dom = controls(element('span', { class: 'doc-chip', 'data-type': context.props.node.type.name }, this.text, ...(this.input ? [this.input] : [])));
    this.render();
  }

  protected render(): void {
    this.text.textContent = this.show(this.data);
    if (this.input && this.field) {
      syncValue(this.input, String(this.data[this.field.name] ?? ''));
      this.input.disabled = !this.editable;
    }
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

/** The views of the inline atoms, by node name. */
export const INLINE_VIEWS: Record<string, (context: ViewContext) => NodeViewBase> = {
  inlineImage: (context) => new InlineImageView(context),
  emoji: (context) => new ChipView(context, (data) => emoji(String(data['code'] ?? ''))),
  icon: (context) => new ChipView(context, (data) => `:${data['icon'] ?? ''}:`),
  expression: (context) => new ChipView(context, () => 'Variable', { label: 'Variable', name: 'expression' }),
  inlineMath: (context) => new ChipView(context, () => 'Math', { label: 'Formula', name: 'formula' }),
  mention: (context) => new ChipView(context, (data) => (data['ref'] ? (context.services.resolvePage?.(data['ref'])?.title ?? textOfRef(data['ref'])) : '')),
  button: (context) => new ChipView(context, (data) => String(data['label'] ?? '')),
  annotation: (context) => new ChipView(context, () => context.props.node.attrs['source']?.json?.nodes?.map((n: any) => (n.leaves ?? []).map((l: any) => l.text).join('')).join('') ?? 'Annotation'),
  unknownInline: (context) => new ChipView(context, () => `[${context.props.node.attrs['json']?.type ?? 'inline'}]`),
};
