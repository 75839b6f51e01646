import katex from 'katex';

/**
 * A TeX formula as HTML (KaTeX, on the server: no script in the browser, only its stylesheet),
 * with MathML beside it for screen readers. Invalid TeX renders as KaTeX's error span (the
 * formula in red), never an exception; `\href`, `\url` and HTML extensions stay off.
 */
export function renderMath(formula: string, display: boolean): string {
  return katex.renderToString(formula, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
    trust: false,
    strict: 'ignore',
    maxSize: 50,
    maxExpand: 500,
  });
}
