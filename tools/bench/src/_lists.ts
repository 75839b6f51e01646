import { readGitbookExport, readZipFiles, corpusArchive, CORPUS_ARCHIVES, pageBody } from '@docs/content/testing';
import MarkdownIt from 'markdown-it';
const md = new MarkdownIt('default', { html: true });
async function main() {
  const counts: Record<string, number> = {};
  for (const name of CORPUS_ARCHIVES) {
    const source = readGitbookExport(await readZipFiles(corpusArchive(name)));
    for (const path of source.pages) {
      const body = pageBody(source.files.get(path)!.toString('utf8'));
      const lines = body.split('\n');
      const tokens = md.parse(body, {});
      tokens.forEach((t, i) => {
        if (t.type !== 'list_item_open') return;
        const line = lines[t.map![0]];
        const m = /^\s*([*+-]|\d+[.)])( +)/.exec(line);
        if (!m) return;
        const wide = m[1].length + m[2].length >= 4 ? 'wide' : 'one';
        // tight: paragraph tokens hidden
        const para = tokens[i + 1];
        const tight = para?.hidden ? 'tight' : 'loose';
        const key = `${name.slice(0, 6)} ${wide} ${tight}`;
        counts[key] = (counts[key] ?? 0) + 1;
      });
    }
  }
  console.log(counts);
}
main();
