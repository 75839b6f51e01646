import escapeHtml from 'escape-html';

/** Markup that is already safe (made by `html`): interpolated as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = string | number | SafeHtml | readonly SafeHtml[] | undefined | null | false;

/**
 * A tagged template for HTML: every interpolated string is escaped, markup made by `html` (or a
 * list of it) goes in as is, and `undefined`, `null` and `false` write nothing.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1];
  });
  return new SafeHtml(out);
}

function render(value: Interpolation): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item) => (item as SafeHtml).value).join('');
  return escapeHtml(String(value));
}
