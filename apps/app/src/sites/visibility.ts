import type { SiteVisibility } from '../api/types';

/** A site's visibility as the wire carries it (the reference's enum, as its strings). */
export type Visibility = `${SiteVisibility}`;

/** Who reads a site, for each visibility the API supports: the choices of the site screen, in that order. */
export const VISIBILITIES: readonly { value: Visibility; label: string; description: string }[] = [
  { value: 'public', label: 'Public', description: 'Anyone can read it, and search engines index it.' },
  { value: 'unlisted', label: 'Unlisted', description: 'Anyone with its address can read it; search engines do not index it.' },
  { value: 'share-link', label: 'Share link', description: 'Only people who open one of its share links can read it.' },
  { value: 'visitor-auth', label: 'Visitor authentication', description: 'Only visitors with a token signed by your own backend can read it.' },
];

/** The words for a visibility (the value itself for one this app does not know). */
export function visibilityLabel(value: string): string {
  return VISIBILITIES.find((visibility) => visibility.value === value)?.label ?? value;
}
