/** Longest piece of the caller's own input an error message repeats in full. */
export const MAX_ECHO_LENGTH = 64;

/**
 * Error messages quote what the caller sent (`No space has the id <id>.`, `property <name>
 * should not exist`). This cuts every such quote longer than MAX_ECHO_LENGTH to its start and an
 * ellipsis, whatever the message, so a 10 kB id is not sent back (or logged) in full.
 */
export function shortenEchoes(message: string, inputs: unknown[]): string {
  const long = new Set<string>();
  const collect = (value: unknown, depth: number) => {
    if (long.size > 100 || depth > 8) return;
    if (typeof value === 'string') {
      if (value.length > MAX_ECHO_LENGTH) long.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, 100)) collect(item, depth + 1);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value).slice(0, 100)) {
        collect(key, depth + 1);
        collect(item, depth + 1);
      }
    }
  };
  for (const input of inputs) collect(input, 0);
  let out = message;
  // Longest first, so a quote that contains another is cut whole.
  for (const value of [...long].sort((a, b) => b.length - a.length)) {
    for (const form of [value, value.trim()]) {
      if (form.length > MAX_ECHO_LENGTH && out.includes(form)) out = out.split(form).join(`${form.slice(0, MAX_ECHO_LENGTH)}…`);
    }
  }
  return out;
}
