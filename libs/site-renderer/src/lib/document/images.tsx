/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ContentReference } from '../model/document-context';
import type { DocNode } from './doc-node';
import { fragmentNodes } from './doc-node';
import { ImageSource, imageSource, Inlines } from './inlines';
import { useRenderState } from './render-state';

/** A length of the content model (a number of pixels, or `{unit, value}`) in pixels, when it is one. */
function pixels(length: unknown): number | undefined {
  if (typeof length === 'number' && length > 0) return Math.round(length);
  if (length && typeof length === 'object' && (length as { unit?: string }).unit === 'px') {
    const value = Number((length as { value?: unknown }).value);
    return value > 0 ? Math.round(value) : undefined;
  }
  return undefined;
}

/**
 * An images block: each image in a figure with its caption. Files of the revision carry their
 * dimensions, so `width` and `height` reserve the space before the image loads (no layout
 * shift); a width set in the editor scales both. A dark variant shows in dark mode instead.
 */
export function Images({ node }: { node: DocNode }) {
  const state = useRenderState();
  const images = (node.nodes ?? []).filter((image) => image.type === 'image');
  const align = ['left', 'right'].includes(node.data?.align) ? node.data!.align : 'center';
  const classes = ['images', `align-${align}`, node.data?.fullWidth ? 'full-width' : '', node.data?.withFrame ? 'framed' : '', images.length > 1 ? 'several' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div class={classes}>
      {images.map((image, index) => {
        const source = imageSource(state.context, image.data?.ref as ContentReference | undefined);
        const dark = imageSource(state.context, image.data?.refDark as ContentReference | undefined);
        const caption = fragmentNodes(image, 'caption');
        const alt = typeof image.data?.alt === 'string' ? image.data.alt : '';
        if (!source) return alt ? <p key={index} class="image-missing">{alt}</p> : null;
        const size = sized(source, pixels(image.data?.width), pixels(image.data?.height));
        const img = (src: ImageSource, dims: { width?: number; height?: number }, only?: string) => (
          <img class={only ? `only-${only}` : undefined} src={src.url} alt={alt} width={dims.width} height={dims.height} loading={index === 0 ? undefined : 'lazy'} decoding="async" />
        );
        return (
          <figure key={index}>
            {dark ? (
              <>
                {img(source, size, 'light')}
                {img(dark, sized(dark, pixels(image.data?.width), pixels(image.data?.height)), 'dark')}
              </>
            ) : (
              img(source, size)
            )}
            {caption.length > 0 ? (
              <figcaption>
                {caption.map((paragraph, i) => (
                  <span key={i}>
                    <Inlines nodes={paragraph.nodes} />
                  </span>
                ))}
              </figcaption>
            ) : null}
          </figure>
        );
      })}
    </div>
  );
}

/** The size to reserve: the editor's width (height kept in proportion), else the file's own. */
function sized(source: ImageSource, width?: number, height?: number): { width?: number; height?: number } {
  const natural = { width: source.width ?? undefined, height: source.height ?? undefined };
  if (width && natural.width && natural.height) return { width, height: Math.round((natural.height * width) / natural.width) };
  if (width && height) return { width, height };
  return natural;
}
