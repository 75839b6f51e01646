import type { ContentRef } from '../model/content-ref';
import { button, element, syncValue, textInput } from './dom';
import { controls, NodeViewBase, ViewContext } from './node-view-base';

/** The address an image reference shows at: a URL, or a file of the space the app resolves. */
export function imageUrl(context: ViewContext, ref: ContentRef | undefined): string | undefined {
  if (ref?.kind === 'url') return ref.url || undefined;
  if (ref?.kind === 'file') return context.services.resolveFile?.(ref.file);
  return undefined;
}

/** An image, a file or an embed: what it shows, its fields, its caption (a fragment: "Caption" adds one). */
abstract class CaptionedView extends NodeViewBase {
  protected readonly addCaption: HTMLButtonElement;
  protected readonly upload?: HTMLInputElement;

  constructor(context: ViewContext, accept?: string) {
    super(context);
    this.addCaption = button('Caption', () => this.insertCaption(), 'Add caption');
    this.contentDOM = element('figcaption', { class: 'doc-caption' });
    if (accept && context.services.uploadFile) {
      this.upload = element('input', { type: 'file', accept, 'aria-label': accept.startsWith('image') ? 'Upload image' : 'Upload file' });
      this.upload.addEventListener('change', () => {
        const file = this.upload!.files?.[0];
        if (file) void this.uploaded(file);
      });
    }
  }

  private async uploaded(file: File): Promise<void> {
    const stored = await this.context.services.uploadFile!(file);
    this.setData({ ref: { kind: 'file', file: stored.fileId } });
  }

  private insertCaption(): void {
    const pos = this.context.props.getPos();
    if (typeof pos !== 'number' || this.node.childCount > 0) return;
    const { view } = this.context.props.editor;
    view.dispatch(view.state.tr.insert(pos + 1, view.state.schema.nodes['caption'].createAndFill()!));
  }

  protected renderCaption(): void {
    this.addCaption.hidden = this.node.childCount > 0 || !this.editable;
    if (this.upload) this.upload.hidden = !this.editable;
  }
}

/** An image of an images block: the picture, its alt text ("Alt text"), upload, caption. */
export class ImageView extends CaptionedView {
  private readonly img = element('img', { alt: '' });
  private readonly alt: HTMLInputElement;

  constructor(context: ViewContext) {
    super(context, 'image/*');
    this.alt = textInput('Alt text', '', (alt) => this.setData({ alt: alt || undefined }));
    this.dom = element('figure', { class: 'doc-image', 'data-type': 'image' }, controls(element('div', {}, this.img, this.alt, ...(this.upload ? [this.upload] : []), this.addCaption)), this.contentDOM!);
    this.render();
  }

  protected render(): void {
    const src = imageUrl(this.context, this.data['ref']);
    if (src) this.img.src = src;
    else this.img.removeAttribute('src');
    this.img.alt = this.data['alt'] ?? '';
    syncValue(this.alt, this.data['alt'] ?? '');
    this.alt.disabled = !this.editable;
    this.renderCaption();
  }
}

/** A file block: which file ("File"), upload, caption. */
export class FileView extends CaptionedView {
  private readonly name = element('span', { class: 'doc-file-name' });

  constructor(context: ViewContext) {
    super(context, '*/*');
    this.dom = element('div', { class: 'doc-file', 'data-type': 'file' }, controls(element('div', {}, this.name, ...(this.upload ? [this.upload] : []), this.addCaption)), this.contentDOM!);
    this.render();
  }

  protected render(): void {
    this.name.textContent = this.data['ref']?.file ? `File ${this.data['ref'].file}` : 'No file yet';
    this.renderCaption();
  }
}

/** An embed: its URL ("Embed URL"), caption. */
export class EmbedView extends CaptionedView {
  private readonly url: HTMLInputElement;

  constructor(context: ViewContext) {
    super(context);
    this.url = textInput('Embed URL', '', (url) => this.setData({ url }));
    this.dom = element('div', { class: 'doc-embed', 'data-type': 'embed' }, controls(element('div', {}, this.url, this.addCaption)), this.contentDOM!);
    this.render();
  }

  protected render(): void {
    syncValue(this.url, this.data['url'] ?? '');
    this.url.disabled = !this.editable;
    this.renderCaption();
  }
}

