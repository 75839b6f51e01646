import { Parser } from 'htmlparser2';

/**
 * What an HTML block of a page body means to the converter: GitBook writes expandables as
 * `<details><summary>Title</summary> ... </details>` (the body between, as markdown) and image
 * blocks as figures, `<figure><img src alt width><figcaption><p>caption</p></figcaption></figure>`
 * (`<picture><source srcset media="(prefers-color-scheme: dark)"><img></picture>` for an image with
 * a dark variant), several side by side or aligned in a `<div align data-full-width>`. Any other
 * HTML is kept as text, so nothing the author wrote is lost.
 */
export type HtmlBlockEvent =
  | { kind: 'details-open' }
  | { kind: 'details-close' }
  | { kind: 'summary'; text: string; html: string }
  | { kind: 'images'; align?: string; fullWidth?: boolean; images: HtmlImage[] };

export interface HtmlImage {
  src: string;
  srcDark?: string;
  alt?: string;
  width?: string;
  height?: string;
  caption?: string;
}

/** The events of an HTML block, or undefined when it holds anything else. */
export function htmlBlockEvents(html: string): HtmlBlockEvent[] | undefined {
  const events: HtmlBlockEvent[] = [];
  let understood = true;
  const open: string[] = [];
  let summary: string | undefined;
  let summaryStart = 0;
  let figure: Partial<HtmlImage> | undefined;
  let caption: string | undefined;
  // A `<div>` around figures: their block's alignment and width.
  let group: Extract<HtmlBlockEvent, { kind: 'images' }> | undefined;
  const imagesOf = (image: Partial<HtmlImage>): HtmlImage => {
    const out: HtmlImage = { src: image.src ?? '' };
    for (const key of ['srcDark', 'alt', 'width', 'height', 'caption'] as const) if (image[key]) out[key] = image[key];
    return out;
  };
  const addImage = (image: HtmlImage) => {
    if (group) group.images.push(image);
    else events.push({ kind: 'images', images: [image] });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(name);
        // Formatting inside a summary or a caption: its text is what counts.
        if (summary !== undefined || caption !== undefined) return;
        const top = open.length === 1 || (group !== undefined && open.length === 2);
        if (name === 'details' && open.length === 1) events.push({ kind: 'details-open' });
        else if (name === 'summary' && !figure) {
          summary = '';
          summaryStart = parser.endIndex + 1;
        }
        else if (name === 'div' && open.length === 1 && !group) {
          group = { kind: 'images', images: [] };
          if (attributes['align']) group.align = attributes['align'];
          if (attributes['data-full-width'] === 'true' || attributes['data-full-width'] === 'false') group.fullWidth = attributes['data-full-width'] === 'true';
        } else if (name === 'figure' && top) figure = {};
        else if (name === 'img' && (figure || top)) {
          const image: Partial<HtmlImage> = { src: attributes['src'], alt: attributes['alt'], width: attributes['width'], height: attributes['height'] };
          if (figure) Object.assign(figure, image);
          else addImage(imagesOf(image));
        } else if (name === 'source' && figure && /prefers-color-scheme:\s*dark/.test(attributes['media'] ?? '')) figure.srcDark = attributes['srcset'];
        else if (name === 'figcaption' && figure) caption = '';
        else if (!(figure && (name === 'p' || name === 'picture' || name === 'source')) && name !== 'br') understood = false;
      },
      ontext(text) {
        if (summary !== undefined) summary += text;
        else if (caption !== undefined) caption += text;
        else if (text.trim() !== '') understood = false;
      },
      onclosetag(name, isImplied) {
        open.pop();
        if (name === 'summary' && summary !== undefined) {
          events.push({ kind: 'summary', text: summary.trim(), html: html.slice(summaryStart, parser.startIndex) });
          summary = undefined;
        } else if (name === 'figcaption' && figure) {
          figure.caption = (caption ?? '').trim();
          caption = undefined;
        } else if (name === 'figure' && figure) {
          if (figure.src === undefined) understood = false;
          else addImage(imagesOf(figure));
          figure = undefined;
        } else if (name === 'div' && group && open.length === 0) {
          if (group.images.length === 0) understood = false;
          else events.push(group);
          group = undefined;
        } else if (name === 'details' && !isImplied) {
          events.push({ kind: 'details-close' });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  // `</details>` alone is a close tag without an open one: htmlparser2 drops those, so note it here.
  if (/^\s*<\/details>\s*$/i.test(html)) return [{ kind: 'details-close' }];
  parser.write(html);
  parser.end();
  return understood && events.length > 0 ? events : undefined;
}
