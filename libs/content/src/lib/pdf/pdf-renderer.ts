import PDFDocument from 'pdfkit';
import { tableRows, type DocNode, plainText } from '@docs/document-model';
import { EMBEDDABLE_IMAGE_TYPES, PdfExport, PdfImage, PdfPage, pageDestination } from './pdf-export';
import { externalUrl, printable } from './pdf-text';

/**
 * Content pages -> the bytes of a PDF, with pdfkit (pure JavaScript, no browser): a title page,
 * each content page from a new sheet under its title (a bookmark in the PDF outline, nested as
 * the pages are, and the target of internal links), then its body block by block. The same
 * input gives the same bytes (the PDF's dates and id come from the revision).
 */

const MARGIN = 56;
const BODY_SIZE = 11;
const CODE_SIZE = 9;
const TEXT = '#1f2328';
const MUTED = '#656d76';
const LINK = '#0b5cad';
const HINT_COLORS: Record<string, string> = { info: '#0b5cad', success: '#1a7f37', warning: '#b35900', danger: '#cf222e' };
/** The tallest an image may be drawn (points): a screenshot should not take a sheet to itself. */
const IMAGE_MAX_HEIGHT = 360;

/** Where a block is drawn: its left edge and width (lists, quotes and hints indent). */
interface Box {
  x: number;
  width: number;
}

/** A stretch of text with one font and one link. */
interface Run {
  text: string;
  font: string;
  link?: string;
  goTo?: string;
  strike?: boolean;
}

type Doc = PDFKit.PDFDocument;

const fontOf = (marks: string[]): string => {
  const bold = marks.includes('bold');
  if (marks.includes('code') || marks.includes('keyboard')) return bold ? 'Courier-Bold' : 'Courier';
  const italic = marks.includes('italic');
  return bold ? (italic ? 'Helvetica-BoldOblique' : 'Helvetica-Bold') : italic ? 'Helvetica-Oblique' : 'Helvetica';
};

const fragmentNodes = (node: DocNode, fragment: string) => node.fragments?.find((f) => f.fragment === fragment)?.nodes ?? [];

/** Lets other requests run between pages of a long export (pdfkit itself is synchronous). */
/** What pdfkit's `openImage` answers (its PNG and JPEG classes), as far as embedding goes. */
interface EmbeddedImage {
  obj: unknown;
  finalize?: () => unknown;
  embed(doc: Doc): void;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class PdfWriter {
  readonly doc: Doc;
  private readonly content: Box;
  private readonly exported: Set<string>;
  private outline: PDFKit.PDFOutline[] = [];
  /** The images, opened and embedded before any page (see `embedImages`). */
  private readonly embedded = new Map<PdfImage, EmbeddedImage>();

  constructor(private readonly input: PdfExport) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      autoFirstPage: false,
      displayTitle: true,
      lang: 'en',
      info: { Title: printable(input.title), Creator: 'docs-platform', CreationDate: input.createdAt, ModDate: input.createdAt },
    });
    this.doc.addPage();
    this.content = { x: MARGIN, width: this.doc.page.width - 2 * MARGIN };
    this.exported = new Set(input.pages.map((page) => page.pageId));
  }

  /**
   * Embeds every image up front, one after the other, waiting for each. pdfkit decodes a PNG with
   * an alpha channel asynchronously and writes its object when done: embedded while pages are laid
   * out, the objects came out in an order that depended on timing, and the same revision gave
   * different bytes (the PDF blob is content-addressed: one render per revision must be one blob).
   */
  async embedImages(): Promise<void> {
    for (const file of this.input.images.values()) {
      if (!file.data || !EMBEDDABLE_IMAGE_TYPES.has(file.contentType)) continue;
      let image: EmbeddedImage;
      try {
        image = (this.doc as unknown as { openImage(data: Buffer): EmbeddedImage }).openImage(file.data);
      } catch {
        continue; // unreadable: drawn as its name
      }
      const finalize = image.finalize;
      if (typeof finalize === 'function') {
        // PNG: finalize() writes the object, synchronously or after decoding the pixels.
        await new Promise<void>((resolve, reject) => {
          image.finalize = function finalized(this: EmbeddedImage) {
            const result = finalize.call(this);
            resolve();
            return result;
          };
          try {
            image.embed(this.doc);
          } catch (error) {
            reject(error);
          }
        }).catch(() => undefined);
      } else {
        image.embed(this.doc); // JPEG: written at once
      }
      if (image.obj) this.embedded.set(file, image);
    }
  }

  titlePage(): void {
    const { doc, input } = this;
    doc.y = doc.page.height / 3;
    doc.font('Helvetica-Bold').fontSize(28).fillColor(TEXT).text(printable(input.title), this.content.x, doc.y, { width: this.content.width, align: 'center' });
    if (input.subtitle) {
      doc.moveDown(0.5);
      doc.font('Helvetica').fontSize(16).fillColor(MUTED).text(printable(input.subtitle), { width: this.content.width, align: 'center' });
    }
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Revision ${printable(input.revisionId)}, ${input.createdAt.toISOString().slice(0, 10)}`, { width: this.content.width, align: 'center' });
  }

  page(page: PdfPage): void {
    const { doc } = this;
    doc.addPage();
    // The bookmark points at the sheet being started; its parent is the last page one level up.
    const parent = page.depth === 0 ? doc.outline : (this.outline[page.depth - 1] ?? doc.outline);
    this.outline = this.outline.slice(0, page.depth);
    this.outline[page.depth] = parent.addItem(printable(page.title), { expanded: true });
    doc
      .font('Helvetica-Bold')
      .fontSize(page.depth === 0 ? 24 : 20)
      .fillColor(TEXT)
      .text(printable(page.title), this.content.x, MARGIN, { width: this.content.width, destination: pageDestination(page.pageId) });
    if (page.description) {
      doc.moveDown(0.3);
      doc.font('Helvetica-Oblique').fontSize(BODY_SIZE).fillColor(MUTED).text(printable(page.description), { width: this.content.width });
    }
    doc.y += 14;
    if (page.type === 'link' && page.href) {
      this.runs([{ text: 'Link: ', font: 'Helvetica' }, { text: page.href, font: 'Helvetica', link: externalUrl(page.href) }], this.content);
    }
    if (page.document) this.blocks(((page.document as unknown as DocNode).nodes ?? []) as DocNode[], this.content);
  }

  end(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }

  /** A new sheet when `height` does not fit below the current position. */
  private room(height: number): void {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  private gap(points: number): void {
    this.doc.y += points;
  }

  private blocks(nodes: DocNode[], box: Box): void {
    for (const node of nodes) this.block(node, box);
  }

  private block(node: DocNode, box: Box): void {
    switch (node.type) {
      case 'paragraph': {
        // A paragraph of images only (GitBook's `![alt](src)` on its own line) shows them.
        const inlines = (node.nodes ?? []).filter((child) => child.object !== 'text' || plainText(child).trim() !== '');
        if (inlines.length > 0 && inlines.every((child) => child.type === 'inline-image')) {
          for (const image of inlines) this.image(image, box);
          return;
        }
        this.runs(this.inlineRuns(node.nodes ?? []), box);
        this.gap(6);
        return;
      }
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const size = { 'heading-1': 18, 'heading-2': 15, 'heading-3': 13 }[node.type];
        this.gap(6);
        this.room(size * 3);
        const runs = this.inlineRuns(node.nodes ?? []).map((run) => ({ ...run, font: run.font.startsWith('Courier') ? 'Courier-Bold' : 'Helvetica-Bold' }));
        this.runs(runs, box, size);
        this.gap(6);
        return;
      }
      case 'list-unordered':
      case 'list-ordered':
      case 'list-tasks':
        this.list(node, box);
        this.gap(4);
        return;
      case 'blockquote':
        this.barred(node.nodes ?? [], box, '#d0d7de');
        return;
      case 'hint':
        this.barred(node.nodes ?? [], box, HINT_COLORS[node.data?.style ?? 'info'] ?? HINT_COLORS['info']);
        return;
      case 'code':
        this.code(node, box);
        return;
      case 'math':
        this.runs([{ text: node.data?.formula ?? '', font: 'Courier' }], box);
        this.gap(6);
        return;
      case 'divider': {
        this.room(12);
        const y = this.doc.y + 4;
        this.doc.moveTo(box.x, y).lineTo(box.x + box.width, y).lineWidth(0.5).strokeColor('#d0d7de').stroke();
        this.doc.y = y + 10;
        return;
      }
      case 'table':
        this.table(node, box);
        return;
      case 'images':
        for (const image of node.nodes ?? []) this.image(image, box);
        return;
      case 'file': {
        const file = node.data?.ref?.kind === 'file' ? this.input.images.get(node.data.ref.file) : undefined;
        this.runs([{ text: `[file: ${file?.name ?? node.data?.ref?.file ?? 'unknown'}]`, font: 'Helvetica-Oblique' }], box);
        this.gap(6);
        return;
      }
      case 'embed':
        this.runs([{ text: node.data?.url ?? '', font: 'Helvetica', link: externalUrl(node.data?.url ?? '') }], box);
        this.gap(6);
        return;
      case 'content-ref': {
        const ref = node.data?.ref;
        const goTo = this.internalTarget(ref);
        const text = goTo ? (this.input.pages.find((page) => pageDestination(page.pageId) === goTo)?.title ?? '') : ref?.kind === 'url' ? ref.url : '';
        if (text) this.runs([{ text: `-> ${text}`, font: 'Helvetica', goTo, link: ref?.kind === 'url' ? externalUrl(ref.url) : undefined }], box);
        this.gap(6);
        return;
      }
      case 'tabs':
      case 'stepper':
        (node.nodes ?? []).forEach((item, i) => {
          const title = item.data?.title ?? (node.type === 'stepper' ? `Step ${i + 1}` : '');
          if (title) this.runs([{ text: String(title), font: 'Helvetica-Bold' }], box);
          this.gap(2);
          this.blocks(item.nodes ?? [], box);
        });
        return;
      case 'expandable': {
        const title = fragmentNodes(node, 'expandable-title');
        for (const paragraph of title) this.runs(this.inlineRuns(paragraph.nodes ?? []).map((run) => ({ ...run, font: 'Helvetica-Bold' })), box);
        this.gap(2);
        this.blocks(fragmentNodes(node, 'expandable-body'), { x: box.x + 12, width: box.width - 12 });
        return;
      }
      default:
        // Blocks with no printed form of their own (integrations, OpenAPI blocks, columns...):
        // whatever content they hold.
        this.blocks(node.nodes ?? [], box);
    }
  }

  /** Inline nodes -> runs: marks choose the font; links to a page of this export go to its bookmark. */
  private inlineRuns(nodes: DocNode[], link: Pick<Run, 'link' | 'goTo'> = {}): Run[] {
    const out: Run[] = [];
    for (const node of nodes) {
      if (node.object === 'text') {
        for (const leaf of node.leaves ?? []) {
          const marks = leaf.marks.map((mark) => mark.type);
          out.push({ text: leaf.text, font: fontOf(marks), strike: marks.includes('strikethrough'), ...link });
        }
      } else if (node.type === 'link') {
        const ref = node.data?.ref;
        out.push(...this.inlineRuns(node.nodes ?? [], { goTo: this.internalTarget(ref), link: ref?.kind === 'url' ? externalUrl(ref.url) : undefined }));
      } else if (node.type === 'inline-math') {
        out.push({ text: node.data?.formula ?? '', font: 'Courier', ...link });
      } else if (node.type === 'inline-image') {
        out.push({ text: `[image: ${this.imageName(node.data?.ref)}]`, font: 'Helvetica-Oblique', ...link });
      } else {
        out.push(...this.inlineRuns(node.nodes ?? [], link));
      }
    }
    return out;
  }

  /** The bookmark a reference goes to, when it names a page of this export. */
  private internalTarget(ref: { kind?: string; page?: string; space?: string } | undefined): string | undefined {
    if (!ref || (ref.kind !== 'page' && ref.kind !== 'anchor') || !ref.page || ref.space) return undefined;
    return this.exported.has(ref.page) ? pageDestination(ref.page) : undefined;
  }

  private imageName(ref: { kind?: string; file?: string; url?: string } | undefined): string {
    if (ref?.kind === 'file' && ref.file) return this.input.images.get(ref.file)?.name ?? ref.file;
    return ref?.kind === 'url' && ref.url ? ref.url : 'unknown';
  }

  /** Writes runs as one flowing paragraph from the box's left edge. */
  private runs(runs: Run[], box: Box, size = BODY_SIZE): void {
    const printed = runs.map((run) => ({ ...run, text: printable(run.text) })).filter((run) => run.text !== '');
    if (printed.length === 0) return;
    const { doc } = this;
    doc.fontSize(size);
    this.room(doc.currentLineHeight(true));
    printed.forEach((run, i) => {
      const linked = run.link !== undefined || run.goTo !== undefined;
      doc.font(run.font).fontSize(size).fillColor(linked ? LINK : TEXT);
      // pdfkit carries a continued text's options over to the next call: every option is given.
      const options: PDFKit.Mixins.TextOptions = {
        continued: i < printed.length - 1,
        link: run.link ?? null,
        goTo: run.goTo ?? (null as unknown as string),
        strike: run.strike ?? false,
        underline: linked,
      };
      if (i === 0) doc.text(run.text, box.x, doc.y, { ...options, width: box.width });
      else doc.text(run.text, options);
    });
  }

  private list(node: DocNode, box: Box): void {
    const { doc } = this;
    const start = Number(node.data?.start ?? 1);
    const markerWidth = node.type === 'list-tasks' ? 26 : node.type === 'list-ordered' ? 22 : 14;
    (node.nodes ?? []).forEach((item, i) => {
      const marker = node.type === 'list-ordered' ? `${start + i}.` : node.type === 'list-tasks' ? (item.data?.checked ? '[x]' : '[ ]') : '•';
      doc.font(node.type === 'list-tasks' ? 'Courier' : 'Helvetica').fontSize(BODY_SIZE);
      this.room(doc.currentLineHeight(true));
      const y = doc.y;
      doc.fillColor(TEXT).text(marker, box.x, y, { width: markerWidth, lineBreak: false });
      doc.y = y;
      const inner = { x: box.x + markerWidth, width: box.width - markerWidth };
      for (const child of item.nodes ?? []) {
        if (child.type === 'paragraph') {
          this.runs(this.inlineRuns(child.nodes ?? []), inner);
          this.gap(2);
        } else this.block(child, inner);
      }
      if (doc.y === y) doc.y += doc.currentLineHeight(true);
    });
  }

  /** Quotes and hints: the content indented, a coloured bar along its left edge. */
  private barred(nodes: DocNode[], box: Box, color: string): void {
    const { doc } = this;
    this.room(doc.currentLineHeight(true));
    const sheet = doc.page;
    const top = doc.y;
    this.blocks(nodes, { x: box.x + 14, width: box.width - 14 });
    // Across a page break the bar is drawn beside the part on the last sheet.
    const from = doc.page === sheet ? top : MARGIN;
    doc
      .moveTo(box.x + 4, from)
      .lineTo(box.x + 4, doc.y - 4)
      .lineWidth(3)
      .strokeColor(color)
      .stroke();
    this.gap(4);
  }

  private code(node: DocNode, box: Box): void {
    const { doc } = this;
    const lines = (node.nodes ?? []).map((line) => plainText(line));
    if (node.data?.title) {
      this.runs([{ text: String(node.data.title), font: 'Helvetica-Bold' }], box, CODE_SIZE + 1);
      this.gap(2);
    }
    doc.font('Courier').fontSize(CODE_SIZE);
    this.gap(2);
    for (const line of lines) {
      const text = printable(line) || ' ';
      const height = doc.heightOfString(text, { width: box.width - 12 });
      this.room(height);
      const y = doc.y;
      doc.rect(box.x, y - 1, box.width, height + 1).fill('#f3f4f6');
      doc.fillColor(TEXT).text(text, box.x + 6, y, { width: box.width - 12 });
    }
    this.gap(8);
  }

  private table(node: DocNode, box: Box): void {
    const { doc } = this;
    const rows = tableRows(node).map((cells) => cells.map((inline) => printable(inline.map(plainText).join(''))));
    const columns = rows[0]?.length ?? 0;
    if (columns === 0) return;
    const width = box.width / columns;
    const pad = 4;
    rows.forEach((cells, r) => {
      doc.font(r === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY_SIZE - 1);
      const height = Math.max(...cells.map((cell) => doc.heightOfString(cell || ' ', { width: width - 2 * pad }))) + 2 * pad;
      this.room(height);
      const y = doc.y;
      if (r === 0) doc.rect(box.x, y, box.width, height).fill('#f3f4f6');
      cells.forEach((cell, c) => {
        doc.fillColor(TEXT).text(cell, box.x + c * width + pad, y + pad, { width: width - 2 * pad });
        doc.rect(box.x + c * width, y, width, height).lineWidth(0.5).strokeColor('#d0d7de').stroke();
      });
      doc.y = y + height;
    });
    this.gap(8);
  }

  private image(node: DocNode, box: Box): void {
    const ref = node.data?.ref;
    const file: PdfImage | undefined = ref?.kind === 'file' ? this.input.images.get(ref.file) : undefined;
    const caption = fragmentNodes(node, 'caption').map(plainText).join(' ').trim() || node.data?.caption || '';
    if (!this.draw(file, box)) {
      // Not a format a PDF embeds (or not a file of this content): named instead.
      this.runs([{ text: `[image: ${this.imageName(ref)}]`, font: 'Helvetica-Oblique', link: ref?.kind === 'url' ? externalUrl(ref.url) : undefined }], box);
    }
    if (caption) this.runs([{ text: caption, font: 'Helvetica-Oblique' }], box, BODY_SIZE - 1);
    this.gap(8);
  }

  private draw(file: PdfImage | undefined, box: Box): boolean {
    if (!file?.data || !EMBEDDABLE_IMAGE_TYPES.has(file.contentType) || !file.width || !file.height) return false;
    const scale = Math.min(1, box.width / file.width, IMAGE_MAX_HEIGHT / file.height);
    const width = file.width * scale;
    const height = file.height * scale;
    this.room(height);
    const y = this.doc.y;
    try {
      const image = this.embedded.get(file);
      if (!image) return false;
      this.doc.image(image as unknown as Buffer, box.x, y, { width, height });
    } catch {
      return false;
    }
    this.doc.y = y + height + 4;
    return true;
  }
}

/** The PDF of `input`. Asynchronous only to let other work run between pages. */
export async function renderPdf(input: PdfExport): Promise<Buffer> {
  const writer = new PdfWriter(input);
  await writer.embedImages();
  writer.titlePage();
  for (const page of input.pages) {
    writer.page(page);
    await yieldToEventLoop();
  }
  return writer.end();
}
