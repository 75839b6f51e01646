/** A new id for what the editor creates (a table's record, column or cell fragment): random, short, unique in practice. */
export function newId(prefix: string): string {
  const random = Math.floor(Math.random() * 36 ** 8).toString(36).padStart(8, '0');
  return `${prefix}${random}`;
}
