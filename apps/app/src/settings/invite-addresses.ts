/** What the "Email addresses" field of the invite form holds, read: addresses to invite, and what is not one. */
export interface ReadAddresses {
  /** Lower-cased, each once, in the order written. */
  addresses: string[];
  /** Entries that are not an address, as written. */
  invalid: string[];
}

/** The API's own check is class-validator's isEmail; this one only catches what is obviously not an address before asking it. */
const LOOKS_LIKE_AN_ADDRESS = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

/**
 * Addresses separated by commas, semicolons, spaces or lines, as people paste them from a mail
 * client too: `Ada Lovelace <ada@example.com>` counts as ada@example.com.
 */
export function readAddresses(text: string): ReadAddresses {
  const addresses: string[] = [];
  const invalid: string[] = [];
  // Quoted display names may hold commas; a display name with its address in angle brackets: keep the address only.
  const unwrapped = text.replace(/"[^"]*"/g, ' ').replace(/[^,;\n<>]*<([^<>]*)>/g, ' $1 ');
  for (const entry of unwrapped.split(/[\s,;]+/)) {
    if (!entry) continue;
    const address = entry.toLowerCase();
    if (!LOOKS_LIKE_AN_ADDRESS.test(address)) invalid.push(entry);
    else if (!addresses.includes(address)) addresses.push(address);
  }
  return { addresses, invalid };
}
