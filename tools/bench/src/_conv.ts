import { readGitbookExport, readZipFiles, corpusArchive, CORPUS_ARCHIVES, converterRoundTrip } from '@docs/content/testing';
async function main() {
  for (const name of CORPUS_ARCHIVES) {
    const source = readGitbookExport(await readZipFiles(corpusArchive(name)));
    const t = Date.now();
    const r = converterRoundTrip(source);
    console.log(`${name}: ${r.identical}/${r.pages} (${Date.now() - t} ms)`);
    if (process.env.V) for (const d of r.different) console.log(`${d.path}:${d.line}\n   E ${JSON.stringify(d.expected)}\n   A ${JSON.stringify(d.actual)}`);
  }
}
main();
