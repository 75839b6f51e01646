import { readGitbookExport, readZipFiles, corpusArchive, pageBody, sourceLayout } from '@docs/content/testing';
import { documentToMarkdown, markdownToDocument, layoutLinks } from '@docs/content';
import { writeFileSync } from 'node:fs';
async function main() {
  const [archive, path] = process.argv.slice(2);
  const source = readGitbookExport(await readZipFiles(corpusArchive(archive as any)));
  const layout = sourceLayout(source);
  const expected = pageBody(source.files.get(path)!.toString('utf8'));
  const links = layoutLinks(path, layout);
  const doc = markdownToDocument(expected, links);
  const actual = documentToMarkdown(doc, links);
  writeFileSync('/tmp/rt/e.md', expected); writeFileSync('/tmp/rt/a.md', actual); writeFileSync('/tmp/rt/doc.json', JSON.stringify(doc, null, 1));
}
main();
