/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { DocNode } from './doc-node';
import { plainText } from './doc-node';
import { useRenderState } from './render-state';

/**
 * A code block: highlighted on the server (Shiki), with its title, line numbers and wrapping as
 * the block asks, lines marked highlighted, and a copy button (the only part that needs script).
 * An unknown language, or no language, renders plain.
 */
export function CodeBlock({ node }: { node: DocNode }) {
  const state = useRenderState();
  const codeLines = (node.nodes ?? []).filter((line) => line.object === 'block');
  const texts = codeLines.map((line) => plainText(line));
  const syntax = typeof node.data?.syntax === 'string' ? node.data.syntax : undefined;
  const language = state.highlighter.languageOf(syntax);
  const tokens = state.highlighter.highlight(texts.join('\n'), syntax);
  const title = typeof node.data?.title === 'string' && node.data.title.trim() ? node.data.title.trim() : undefined;
  const classes = ['code', node.data?.overflow === 'wrap' ? 'wrap' : '', node.data?.lineNumbers === true ? 'numbered' : '', node.data?.fullWidth ? 'full-width' : '']
    .filter(Boolean)
    .join(' ');
  const lines = texts.map((text, index) => {
    const lineTokens = tokens?.[index];
    const highlighted = codeLines[index].data?.highlighted === true;
    const content = lineTokens
      ? lineTokens.map((token, i) => {
          if (!token.cls) return token.text;
          state.codeClasses.add(token.cls);
          return (
            <span key={i} class={token.cls}>
              {token.text}
            </span>
          );
        })
      : text;
    return (
      <>
        {index > 0 ? '\n' : null}
        <span class={highlighted ? 'line highlighted' : 'line'}>{content}</span>
      </>
    );
  });
  return (
    <figure class={classes}>
      {title ? <figcaption class="code-title">{title}</figcaption> : null}
      <div class="code-body">
        <button type="button" class="copy" aria-label={title ? `Copy ${title}` : 'Copy code'}>
          Copy
        </button>
        <pre tabindex={0}>
          <code class={language ? `language-${language}` : undefined} data-lang={syntax || undefined}>
            {lines}
          </code>
        </pre>
      </div>
    </figure>
  );
}
