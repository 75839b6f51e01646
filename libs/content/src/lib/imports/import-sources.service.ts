import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, SafeFetcher } from '@docs/platform';
import mammoth from 'mammoth';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetchFailure, sourceTooLarge } from './import-limit-error';
import type { ImportSource } from './import-sources';
import type { ImportedContent, ImportedFile } from './imported-content';
import { decodeDataUrl, readSourceBytes, SourceBytes } from './source-bytes';
import { fetchSourceFile, SourceFile } from './source-file';
import { htmlToMarkdown } from './sources/html-to-markdown';
import { markdownPage, titleFromName } from './sources/markdown-page';
import { crawlWebsite } from './sources/website-crawler';
import { zipContent } from './sources/zip-source';
import type { ZipLimits } from './sources/zip-entries';

/** Zip bomb limits (the unpacked total is twice IMPORT_MAX_BYTES). */
export const ZIP_MAX_ENTRIES = 10_000;
export const ZIP_MAX_RATIO = 200;
const ZIP_RATIO_FLOOR = 1024 * 1024;
const MAX_IMAGES = 500;

/** What each fetched source asks for (`Accept`). */
const ACCEPT: Partial<Record<ImportSource, string>> = {
  markdown: 'text/markdown, text/plain;q=0.9, */*;q=0.1',
  html: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

/** Reads an import's `url` as the given source and converts it to pages and files (nothing is written here). */
@Injectable()
export class ImportSources {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fetcher: SafeFetcher,
  ) {}

  get zipLimits(): ZipLimits {
    return { maxEntries: ZIP_MAX_ENTRIES, maxTotalBytes: this.config.importMaxBytes * 2, maxRatio: ZIP_MAX_RATIO, ratioFloorBytes: ZIP_RATIO_FLOOR };
  }

  /**
   * The content behind an import's `url`: fetched (streamed) or decoded into a file of `folder`,
   * then converted. The caller removes the folder and `close`s the content once it is written.
   */
  async read(source: ImportSource, url: string, folder: string): Promise<ImportedContent> {
    if (source === 'website') return this.website(url);
    if (!ACCEPT[source]) throw new BadRequestException(`source: "${source}" is not available on this installation (it needs an account at another service).`);
    return this.convert(source, await fetchSourceFile(url, this.fetcher, this.config.importMaxBytes, join(folder, 'source'), ACCEPT[source]));
  }

  /** Converts a source on disk (the CLI's file or zipped folder, a fetched or decoded URL, a raw request body). */
  async convert(source: ImportSource, file: SourceFile): Promise<ImportedContent> {
    if (file.size > this.config.importMaxBytes) throw sourceTooLarge(`The source is larger than the limit of ${this.config.importMaxBytes} bytes (IMPORT_MAX_BYTES).`);
    if (source === 'zip') return zipContent(file.path, this.zipLimits);
    // A single document: read whole (within IMPORT_MAX_BYTES), as its converter needs it.
    const bytes: SourceBytes = { url: file.url, contentType: file.contentType, data: await readFile(file.path) };
    switch (source) {
      case 'markdown': {
        this.expectText(bytes, 'markdown');
        const name = fileName(bytes, 'imported.md');
        const page = markdownPage(bytes.data.toString('utf8'), titleFromName(name), sourceUrl(bytes, name));
        return { pages: [{ ...page, sourceBody: page.markdown }], files: [], totalResources: 1 };
      }
      case 'html': {
        this.expectText(bytes, 'html');
        const name = fileName(bytes, 'imported.html');
        const converted = htmlToMarkdown(bytes.data.toString('utf8'), sourceUrl(bytes, name));
        const page = markdownPage(converted.markdown, converted.title ?? titleFromName(name), sourceUrl(bytes, name));
        const files = await this.images(converted.images);
        return { pages: [page], files, totalResources: 1 + converted.images.length };
      }
      case 'docx': {
        let html: string;
        try {
          html = (await mammoth.convertToHtml({ buffer: bytes.data })).value;
        } catch (error) {
          throw new BadRequestException(`The docx document could not be read: ${(error as Error).message}`);
        }
        const name = fileName(bytes, 'imported.docx');
        const converted = htmlToMarkdown(html, sourceUrl(bytes, name), { extract: false });
        const page = markdownPage(converted.markdown, converted.title ?? titleFromName(name.replace(/\.docx$/i, '')), sourceUrl(bytes, name));
        const files = await this.images(converted.images);
        return { pages: [page], files, totalResources: 1 + converted.images.length };
      }
      default:
        throw new BadRequestException(`source: "${source}" cannot be converted from a file.`);
    }
  }

  private async website(url: string): Promise<ImportedContent> {
    if (!/^https?:/i.test(url)) throw new BadRequestException('url: a website import starts from an http or https URL.');
    let site;
    try {
      site = await crawlWebsite(url, this.fetcher, { ...this.config.importCrawl, maxBytes: this.config.importMaxBytes });
    } catch (error) {
      throw fetchFailure(error);
    }
    const files = await this.images(site.images);
    return { pages: site.pages, files, totalResources: site.visited + site.images.length };
  }

  /** A text source must not be an archive, an image or a program: a clear 400 rather than garbage pages. */
  private expectText(bytes: SourceBytes, source: string): void {
    const binary = bytes.data.subarray(0, 8000).includes(0);
    const declared = bytes.contentType;
    if (binary || /^(image|audio|video|font)\/|^application\/(zip|x-zip-compressed|pdf|gzip|x-msdownload)$/.test(declared)) {
      throw new BadRequestException(`url: the ${source} source is ${declared || 'binary data'}, not ${source} text.`);
    }
  }

  /** Images the pages show, fetched (or decoded) into files; one that cannot be had keeps its URL. */
  private async images(urls: string[]): Promise<ImportedFile[]> {
    const files: ImportedFile[] = [];
    let budget = this.config.importMaxBytes;
    for (const [index, url] of urls.slice(0, MAX_IMAGES).entries()) {
      try {
        const bytes = /^data:/i.test(url) ? await decodeDataUrl(url, budget) : await readSourceBytes(url, this.fetcher, budget, 'image/*');
        if (!bytes.contentType.startsWith('image/')) continue;
        budget -= bytes.data.length;
        const name = /^data:/i.test(url) ? `image-${index + 1}.${bytes.contentType.split('/')[1]?.replace(/\+.*$/, '') || 'bin'}` : fileName(bytes, `image-${index + 1}`);
        const data = bytes.data;
        files.push({ source: url, name, size: data.length, read: async () => data, contentType: bytes.contentType });
      } catch {
        // An image that cannot be fetched stays a link to where it was.
      }
      if (budget <= 0) break;
    }
    return files;
  }
}

/** The last segment of the source's URL (a fetched file, a raw body's `name`, the CLI's file), or `fallback`. */
function fileName(bytes: SourceBytes, fallback: string): string {
  const last = new URL(bytes.url).pathname.split('/').filter(Boolean).pop();
  try {
    return last ? decodeURIComponent(last) : fallback;
  } catch {
    return last ?? fallback;
  }
}

function sourceUrl(bytes: SourceBytes, name: string): string {
  return bytes.url.startsWith('file:') ? `file:///${encodeURIComponent(name)}` : bytes.url;
}

