import { readGitbookExport, readZipFiles, corpusArchive, CORPUS_ARCHIVES, pageBody } from '@docs/content/testing';
import MarkdownIt from 'markdown-it';
const md = new MarkdownIt('default', { html: true });
async function main() {
  const counts: Record<string, number> = {};
  const examples: string[] = [];
  for (const name of CORPUS_ARCHIVES) {
    const source = readGitbookExport(await readZipFiles(corpusArchive(name)));
    for (const path of source.pages) {
      const body = pageBody(source.files.get(path)!.toString('utf8'));
      const lines = body.split('\n');
      const tokens = md.parse(body, {});
      // lists: find list opens, their items, item children count (block children at level+1)
      tokens.forEach((t, i) => {
        if (t.type !== 'bullet_list_open' && t.type !== 'ordered_list_open') return;
        const level = t.level;
        const items: { line: string; children: number; blankBefore: boolean; types: string[]; blankInside: boolean; start: number }[] = [];
        let prevEnd = -1;
        for (let j = i + 1; j < tokens.length && !(tokens[j].level === level && tokens[j].type.endsWith('_list_close')); j++) {
          const u = tokens[j];
          if (u.type === 'list_item_open' && u.level === level + 1) {
            items.push({ line: lines[u.map![0]], children: 0, blankBefore: false, types: [], blankInside: false, start: u.map![0] });
          }
          if (u.level === level + 2 && u.nesting >= 0 && u.map && items.length) { const it = items[items.length - 1]; it.children++; it.types.push(u.type.replace('_open','')); }
          if (u.type === 'list_item_close' && u.level === level + 1) { /* end */ }
        }
        const anyMulti = items.some((it) => it.children >= 2);
        const anyBlankBetween = items.some((it) => it.blankBefore);
        for (const it of items) {
          const m = /^\s*([*+-]|\d+[.)])( +)/.exec(it.line);
          if (!m) continue;
          const wide = m[1].length + m[2].length >= 4 && m[2].length > 1;
          if (it.children < 2) continue; const key = `${wide ? 'wide' : 'one'} ${it.types.join(',')}`;
          counts[key] = (counts[key] ?? 0) + 1;
          if (wide && examples.length < 30) examples.push(`${name} ${path}: ${it.line.slice(0, 60)}`);
        }
      });
    }
  }
  console.log(counts);
  console.log(examples.join('\n'));
}
main();
