import type { EntityManager } from 'typeorm';
import { markdownToDocument } from '@docs/document-model';
import { BlobStore } from '../lib/blobs/blob-store';
import { ContentWriter } from '../lib/content-writes/content-writer.service';
import { SpaceContentHead } from '../lib/heads/space-content-head';
import { documentBytes } from '../lib/page-bodies/page-document';

/** What `generateSpaceContent` needs of an app: its services (a TestApp, a Nest application). */
export interface ServiceSource {
  get<T>(type: abstract new (...args: never[]) => T): T;
}

export interface GeneratedSpace {
  pageIds: string[];
  /** Ids of the document pages, in tree order (the first is the readme). */
  documentIds: string[];
}

/**
 * Writes `pages` pages into a space's current content in two revisions (the tree, then the bodies),
 * through the content writer: a readme, then groups of sections, each with pages two levels deep.
 * Bodies mix GitBook's blocks (hints, tabs, titled code, tables, lists, quotes) with links to other
 * pages (some with anchors) and images of the given files: what a real documentation space holds.
 */
export async function generateSpaceContent(
  app: ServiceSource,
  target: { spaceId: string; organizationId: string; actor: string | null },
  options: { pages: number; fileIds?: string[]; groups?: number },
): Promise<GeneratedSpace> {
  const writer = app.get(ContentWriter);
  const blobs = app.get(BlobStore);
  const head = new SpaceContentHead(target.spaceId, target.organizationId);
  const groups = options.groups ?? 4;
  const pageIds: string[] = [];
  const documentIds: string[] = [];
  const titles = new Map<string, string>();

  await writer.apply(head, { actor: target.actor, message: `Generate ${options.pages} pages` }, async (draft) => {
    const create = async (title: string, parent: string | null, type: 'document' | 'group' = 'document') => {
      const pageId = await draft.createPage({
        parent,
        fields: { type, title, emoji: null, description: type === 'document' ? `About ${title.toLowerCase()}.` : null, hidden: false, noIndex: false, href: null, documentHash: null },
      });
      pageIds.push(pageId);
      if (type === 'document') documentIds.push(pageId);
      titles.set(pageId, title);
      return pageId;
    };
    await create('Introduction', null);
    const perGroup = Math.ceil((options.pages - 1 - groups) / groups);
    for (let g = 0; g < groups && pageIds.length < options.pages; g++) {
      const group = await create(`Part ${g + 1}`, null, 'group');
      for (let made = 0, s = 0; made < perGroup && pageIds.length < options.pages; s++) {
        const section = await create(`Section ${g + 1}.${s + 1}`, group);
        made++;
        for (let p = 0; p < 6 && made < perGroup && pageIds.length < options.pages; p++) {
          const page = await create(`Topic ${g + 1}.${s + 1}.${p + 1}`, section);
          made++;
          for (let d = 0; d < 2 && made < perGroup && pageIds.length < options.pages; d++) {
            await create(`Detail ${g + 1}.${s + 1}.${p + 1}.${d + 1}`, page);
            made++;
          }
        }
      }
    }
    return async () => undefined;
  });

  await writer.apply(head, { actor: target.actor, message: `Write ${documentIds.length} bodies` }, async (draft, tx: EntityManager) => {
    const files = options.fileIds ?? [];
    for (let start = 0; start < documentIds.length; start += 200) {
      const batch = documentIds.slice(start, start + 200).map((pageId, offset) => {
        const index = start + offset;
        const next = documentIds[(index + 7) % documentIds.length];
        const other = documentIds[(index * 13 + 5) % documentIds.length];
        const markdown = generatedBody(index, { next, other, nextTitle: titles.get(next) ?? '', file: files.length > 0 ? files[index % files.length] : undefined });
        const document = markdownToDocument(markdown);
        return { pageId, document, bytes: documentBytes(document) as Buffer };
      });
      const stored = await blobs.putMany(
        tx,
        batch.map((item) => item.bytes),
      );
      for (const [i, item] of batch.entries()) {
        draft.documents.remember(stored[i].hash, item.document);
        await draft.updatePage(item.pageId, { documentHash: stored[i].hash });
      }
    }
    return async () => undefined;
  });
  return { pageIds, documentIds };
}

function generatedBody(index: number, refs: { next: string; other: string; nextTitle: string; file?: string }): string {
  const blocks = [
    `This page ${index} explains one part of the product, with **bold**, *italic* and \`code\` text. Read [${refs.nextTitle}](ref:page/${refs.next}) next, or [the setup](ref:page/${refs.other}#setup).`,
    '## Setup',
    `1. Install the tool\n2. Run \`tool init ${index}\`\n3. Check the output`,
  ];
  switch (index % 5) {
    case 0:
      blocks.push('{% hint style="info" %}\nThis step is optional.\n{% endhint %}');
      break;
    case 1:
      blocks.push('{% code title="config.yaml" %}\n```yaml\nname: example\nsize: ' + index + '\n```\n{% endcode %}');
      break;
    case 2:
      blocks.push('| Option | Meaning |\n| --- | --- |\n| `-v` | verbose |\n| `-q` | quiet |');
      break;
    case 3:
      blocks.push('{% tabs %}\n{% tab title="macOS" %}\nUse brew.\n{% endtab %}\n\n{% tab title="Linux" %}\nUse apt.\n{% endtab %}\n{% endtabs %}');
      break;
    default:
      blocks.push('> A quoted remark about page ' + index + '.');
  }
  if (refs.file) blocks.push(`![Screenshot ${index}](ref:file/${refs.file})`);
  blocks.push('## Details', `More about the topic of page ${index}.`);
  return blocks.join('\n\n');
}
