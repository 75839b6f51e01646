import { Parser } from 'htmlparser2';

/**
 * What an HTML block of a page body means to the converter: GitBook writes expandables as
 * `<details><summary>Title</summary> ... </details>` (the body between, as markdown) and captioned
 * images as `<figure><img src alt><figcaption>...</figcaption></figure>`. Any other HTML is kept
 * as text, so nothing the author wrote is lost.
 */
export type HtmlBlockEvent =
  | { kind: 'details-open' }
  | { kind: 'details-close' }
  | { kind: 'summary'; text: string }
  | { kind: 'figure'; src: string; alt?: string; caption?: string };

/** The events of an HTML block, or undefined when it holds anything else. */
export function htmlBlockEvents(html: string): HtmlBlockEvent[] | undefined {
  const events: HtmlBlockEvent[] = [];
  let understood = true;
  const open: string[] = [];
  let summary: string | undefined;
  let figure: { src?: string; alt?: string; caption?: string } | undefined;
  let caption: string | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(name);
        // Formatting inside a summary or a caption: its text is what counts.
        if (summary !== undefined || caption !== undefined) return;
        if (name === 'details' && open.length === 1) events.push({ kind: 'details-open' });
        else if (name === 'summary' && !figure) summary = '';
        else if (name === 'figure' && open.length === 1) figure = {};
        else if (name === 'img' && (figure || open.length === 1)) {
          const image = { src: attributes['src'], alt: attributes['alt'] };
          if (figure) Object.assign(figure, image);
          else events.push({ kind: 'figure', src: image.src ?? '', ...(image.alt ? { alt: image.alt } : {}) });
        } else if (name === 'figcaption' && figure) caption = '';
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
          events.push({ kind: 'summary', text: summary.trim() });
          summary = undefined;
        } else if (name === 'figcaption' && figure) {
          figure.caption = (caption ?? '').trim();
          caption = undefined;
        } else if (name === 'figure' && figure) {
          if (figure.src === undefined) understood = false;
          else events.push({ kind: 'figure', src: figure.src, ...(figure.alt ? { alt: figure.alt } : {}), ...(figure.caption ? { caption: figure.caption } : {}) });
          figure = undefined;
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
