import { EDITOR_CSS } from '@docs/editor';

let added = false;

/** The editor's own styles, added to the page once (a style element: the CSP allows inline styles). */
export function useEditorStyles(): void {
  if (added) return;
  added = true;
  const style = document.createElement('style');
  style.textContent = EDITOR_CSS;
  document.head.append(style);
}
