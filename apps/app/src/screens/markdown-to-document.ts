/**
 * The converter alone, as a module of the app to import dynamically (markdown-converter.ts): the
 * document model's index is also imported statically (section anchors), so importing the index
 * dynamically would split nothing; this module's chunk holds the converter and what it needs.
 */
export { markdownToDocument } from '@docs/document-model';
