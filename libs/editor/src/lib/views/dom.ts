/** Small DOM builders for the node views (the editor's views are plain DOM: no framework to ship). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

export function button(label: string, onClick: () => void, text = label): HTMLButtonElement {
  const node = element('button', { type: 'button', 'aria-label': label }, text);
  node.addEventListener('mousedown', (event) => event.preventDefault());
  node.addEventListener('click', (event) => {
    event.preventDefault();
    onClick();
  });
  return node;
}

/** A labelled text input that reports each committed change (on change, and on Enter). */
export function textInput(label: string, value: string, onCommit: (value: string) => void): HTMLInputElement {
  const input = element('input', { type: 'text', 'aria-label': label, placeholder: label });
  input.value = value;
  input.addEventListener('change', () => onCommit(input.value));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(input.value);
    }
  });
  return input;
}

export function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void): HTMLInputElement {
  const input = element('input', { type: 'checkbox', 'aria-label': label });
  input.checked = checked;
  input.addEventListener('change', () => onChange(input.checked));
  return input;
}

export function select(label: string, options: string[], value: string, onChange: (value: string) => void): HTMLSelectElement {
  const node = element('select', { 'aria-label': label }, ...options.map((option) => element('option', { value: option }, option)));
  node.value = value;
  node.addEventListener('change', () => onChange(node.value));
  return node;
}

/** Sets an input's value unless the person is typing in it. */
export function syncValue(input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  if (document.activeElement !== input && input.value !== value) input.value = value;
}
