/** One entry of a GitBook `SUMMARY.md`: a linked page (with children) or a group heading. */
export interface SummaryEntry {
  title: string;
  /** The linked path as written (relative to SUMMARY.md); undefined for a group (`## Title`). */
  path?: string;
  children: SummaryEntry[];
}

const ITEM = /^(\s*)[*+-]\s+\[((?:[^\]\\]|\\.)*)\]\(\s*<?([^)>\s]+)>?(?:\s+"[^"]*")?\s*\)/;
const GROUP = /^#{2,3}\s+(.+?)\s*#*\s*$/;

/**
 * Parses a GitBook `SUMMARY.md`: nested bullet lists of links give the page tree, its order and
 * titles; `##` headings start groups (top-level pages without a body of their own). Anything else
 * (the `# Table of contents` title, blank lines, prose) is ignored.
 */
export function parseSummary(text: string): SummaryEntry[] {
  const top: SummaryEntry[] = [];
  let container = top;
  // Open items with their indentation: a deeper item is a child of the last shallower one.
  let stack: { indent: number; entry: SummaryEntry }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\t/g, '    ');
    const group = GROUP.exec(line);
    if (group) {
      const entry: SummaryEntry = { title: group[1], children: [] };
      top.push(entry);
      container = entry.children;
      stack = [];
      continue;
    }
    const item = ITEM.exec(line);
    if (!item) continue;
    const indent = item[1].length;
    const entry: SummaryEntry = { title: item[2].replace(/\\(.)/g, '$1').trim(), path: decodePath(item[3]), children: [] };
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1].entry.children : container).push(entry);
    stack.push({ indent, entry });
  }
  return top;
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
