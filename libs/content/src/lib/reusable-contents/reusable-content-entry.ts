/**
 * One reusable content as a revision stores it in `revisions.reusable_contents`: the reference's
 * `RevisionReusableContent` exactly (`id` and `title` top-level; `document` is the content hash
 * of its body in `content_blobs`, absent when empty), so the entry is also its presentation.
 */
export interface ReusableContentEntry {
  id: string;
  title: string;
  document?: string;
}

/** The reference's `VariableValue`: a string (at most 256), a number or a boolean. */
export type VariableValue = string | number | boolean;

/** The reference's `Variables`: a name -> value map. */
export type Variables = Record<string, VariableValue>;
