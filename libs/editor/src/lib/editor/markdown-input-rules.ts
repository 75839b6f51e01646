import { Extension, InputRule, markInputRule, textblockTypeInputRule, wrappingInputRule } from '@tiptap/core';
import type { NodeType } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { findWrapping } from '@tiptap/pm/transform';

/** A task list around the paragraph: `[ ] ` or `[x] ` at the start of a line. */
function taskListRule(list: NodeType, item: NodeType): InputRule {
  return new InputRule({
    find: /^\s*\[([ xX]?)\]\s$/,
    handler: ({ state, range, match }) => {
      const tr = state.tr.delete(range.from, range.to);
      const blockRange = tr.doc.resolve(range.from).blockRange();
      const wrapping = blockRange && findWrapping(blockRange, list);
      if (!blockRange || !wrapping) return null;
      tr.wrap(blockRange, wrapping.map((wrap) => (wrap.type === item ? { type: item, attrs: { data: { checked: match[1].toLowerCase() === 'x' } } } : wrap)));
    },
  });
}

/** A code block in place of the paragraph: ``` and a language, then a space. */
function fencedCodeRule(code: NodeType, line: NodeType): InputRule {
  return new InputRule({
    find: /^```([a-zA-Z0-9+#._-]*)\s$/,
    handler: ({ state, range, match }) => {
      const $from = state.doc.resolve(range.from);
      const parent = $from.node(-1);
      const index = $from.index(-1);
      if (!parent.canReplaceWith(index, index + 1, code)) return null;
      const tr = state.tr.delete(range.from, range.to);
      const paragraph = tr.doc.resolve(range.from).parent;
      const start = $from.before();
      const block = code.create({ data: match[1] ? { syntax: match[1] } : {} }, line.create(null, paragraph.content));
      tr.replaceWith(start, start + paragraph.nodeSize, block);
      tr.setSelection(TextSelection.create(tr.doc, start + 2));
    },
  });
}

/**
 * Markdown shortcuts as input rules: `# `, `## `, `### ` headings, `* ` / `- ` bulleted, `1. `
 * numbered and `[ ] ` task lists, `> ` quotes, ``` code; `**bold**`, `*italic*`, `~~struck~~`,
 * `` `code` ``. A rule does nothing where its block may not stand (a heading in a hint's caption).
 */
export const MarkdownInputRules = Extension.create({
  name: 'markdownInputRules',
  addInputRules() {
    const { nodes, marks } = this.editor.schema;
    return [
      textblockTypeInputRule({ find: /^#\s$/, type: nodes['heading1'] }),
      textblockTypeInputRule({ find: /^##\s$/, type: nodes['heading2'] }),
      textblockTypeInputRule({ find: /^###\s$/, type: nodes['heading3'] }),
      wrappingInputRule({ find: /^\s*([-+*])\s$/, type: nodes['listUnordered'] }),
      wrappingInputRule({ find: /^(\d+)\.\s$/, type: nodes['listOrdered'], getAttributes: (match) => ({ data: Number(match[1]) === 1 ? {} : { start: Number(match[1]) } }) }),
      taskListRule(nodes['listTasks'], nodes['listItem']),
      wrappingInputRule({ find: /^\s*>\s$/, type: nodes['blockquote'] }),
      fencedCodeRule(nodes['codeBlock'], nodes['codeLine']),
      markInputRule({ find: /(?:^|\s)(\*\*(?!\s+\*\*)((?:[^*]+))\*\*(?!\s+\*\*))$/, type: marks['bold'] }),
      markInputRule({ find: /(?:^|\s)(\*(?!\s+\*)((?:[^*]+))\*(?!\s+\*))$/, type: marks['italic'] }),
      markInputRule({ find: /(?:^|\s)(~~(?!\s+~~)((?:[^~]+))~~(?!\s+~~))$/, type: marks['strikethrough'] }),
      markInputRule({ find: /(^|[^`])`([^`]+)`(?!`)$/, type: marks['code'] }),
    ];
  },
});
