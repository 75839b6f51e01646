import { getSchema } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { documentExtensions } from './document-extensions';

let schema: Schema | undefined;

/** The ProseMirror schema of the document model (the editor's extensions without their views). */
export function editorSchema(): Schema {
  schema ??= getSchema(documentExtensions());
  return schema;
}
