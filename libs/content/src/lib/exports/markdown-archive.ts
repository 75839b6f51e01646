import type { Response } from 'express';
import type { MarkdownExport } from './markdown-exports.service';
import { writeMarkdownZip } from './markdown-zip';

/** The zip's file name: the title (and what it is), without characters file systems refuse. */
export function archiveName(title: string, subtitle?: string): string {
  const base = [...(subtitle ? `${title} - ${subtitle}` : title)]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('')
    .trim()
    .slice(0, 150);
  return `${base || 'export'}.zip`;
}

/**
 * Sends an export as the zip answer of a request. Everything that can fail with a clear status
 * happened before (the caller prepared the export); once the first byte is out, a failure can
 * only cut the connection, and the client sees a truncated archive rather than a valid one.
 */
export async function sendMarkdownArchive(res: Response, exported: MarkdownExport, name: string): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  res.setHeader('ETag', `"${exported.revision.id}"`);
  res.setHeader('Cache-Control', 'private, no-cache');
  try {
    await writeMarkdownZip(exported, res);
  } catch (error) {
    res.destroy(error as Error);
  }
}
