import { join } from 'node:path';

/** The folder of the converter's markdown corpus: one file per area, every block type of GitBook's markdown. */
export const MARKDOWN_CORPUS = join(__dirname, '../lib/corpus');
