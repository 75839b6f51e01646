/**
 * The layout the editor's views need (the app's theme gives colours and type): controls beside
 * content, tables as grids, task boxes only in task lists, the `/` menu and the link dialog.
 */
export const EDITOR_CSS = `
.doc-editor { outline: none; white-space: pre-wrap; }
.doc-controls { user-select: none; display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; font-size: .85em; }
.doc-hint { border-left: 4px solid; padding: .5rem 1rem; margin: 1rem 0; }
.doc-hint[data-style="info"] { border-color: #3b82f6; } .doc-hint[data-style="warning"] { border-color: #f59e0b; }
.doc-hint[data-style="danger"] { border-color: #ef4444; } .doc-hint[data-style="success"] { border-color: #10b981; }
.doc-code-lines { margin: 0; padding: .75rem; overflow-x: auto; font-family: monospace; }
.doc-code.line-numbers .doc-code-lines { counter-reset: line; }
.doc-code.line-numbers [data-type="codeLine"]::before { counter-increment: line; content: counter(line); display: inline-block; width: 2.5em; opacity: .5; }
.doc-task-box { display: none; }
[data-type="listTasks"] > li { list-style: none; display: flex; gap: .5rem; }
[data-type="listTasks"] > li > .doc-task-box { display: inline-block; }
.doc-tab, .doc-step { border: 1px solid #ddd; padding: .5rem; margin: .5rem 0; }
.doc-items > :first-child > .doc-controls .doc-move-back, .doc-items > :last-child > .doc-controls .doc-move-forward { display: none; }
.doc-table-grid { display: table; width: 100%; border-collapse: collapse; }
.doc-table-grid > [data-type="tableHeader"], .doc-table-grid > [data-type="tableRow"] { display: table-row; }
.doc-table-grid [data-type="tableColumn"], .doc-table-grid [data-type="tableCell"] { display: table-cell; border: 1px solid #ddd; padding: .25rem .5rem; }
.doc-table-grid [data-type="tableColumn"] { font-weight: 600; }
.doc-columns-row { display: flex; gap: 1rem; }
.doc-column { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; border: 1px dashed var(--line, #ddd); padding: .5rem; }
.doc-column[data-width] { flex: 0 1 calc(var(--column-width) - 1rem); }
.doc-column[data-align="middle"] > .doc-column-body { margin: auto 0; } .doc-column[data-align="bottom"] > .doc-column-body { margin-top: auto; }
.doc-column-options input[type="number"] { width: 5em; }
.doc-columns[data-count="1"] .doc-remove-column { display: none; }
@media (max-width: 600px) { .doc-columns-row { flex-direction: column; } .doc-column, .doc-column[data-width] { flex: none; } }
.doc-conditional { border-left: 4px dotted var(--muted, #59636e); padding: .25rem 0 .25rem 1rem; margin: 1rem 0; }
.doc-conditional input { min-width: min(24rem, 100%); font-family: monospace; }
.doc-card { border: 1px solid #ddd; border-radius: 6px; padding: .5rem 1rem; margin: .5rem 0; }
.doc-chip { display: inline-flex; flex-wrap: wrap; max-width: 100%; gap: .25rem; padding: 0 .25rem; border-radius: 4px; background: #0001; }
.doc-chip input:not([type]), .doc-chip input[type="text"] { max-width: 10rem; }
.doc-image img { max-width: 100%; }
.doc-options { z-index: 10; background: var(--bg, #fff); color: var(--fg, #1f2328); border: 1px solid var(--line, #ddd); border-radius: 6px; max-height: 18rem; overflow-y: auto; min-width: 14rem; }
.doc-options [role="option"] { padding: .25rem .75rem; cursor: pointer; }
.doc-options [aria-selected="true"] { background: var(--panel, #e5e7eb); outline: 2px solid var(--accent, #0b57d0); outline-offset: -2px; }
.doc-options-group { padding: .25rem .75rem 0; font-size: .8em; font-weight: 600; color: var(--muted, #59636e); }
.doc-option-detail, .doc-options-empty { color: var(--muted, #59636e); font-size: .85em; }
.doc-options-empty { padding: .25rem .75rem; }
.doc-picker { position: relative; display: inline-block; }
.doc-picker-list { position: absolute; left: 0; top: 100%; max-width: min(28rem, 90vw); }
.doc-annotation { text-decoration: underline dotted; text-underline-offset: .2em; }
.doc-annotation-dialog textarea { min-width: min(24rem, 80vw); }
.doc-dialog-problem { margin: 0; color: var(--bad, #b3261e); flex-basis: 100%; }
.doc-dialog-problem:empty { display: none; }
.doc-chip input, .doc-chip select { font-size: .9em; padding: 0 .25rem; }
.doc-link-dialog { max-width: calc(100vw - 1rem); display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; z-index: 10; padding: .5rem; background: var(--bg, #fff); border: 1px solid var(--line, #ddd); border-radius: 6px; }
`;
