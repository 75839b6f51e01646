/**
 * An emoji as the API stores it, as text: its code points in hex (`1f680`, `1f468-200d-1f4bb`,
 * what GitBook sends) or the emoji itself (the API takes any short string).
 */
export function emojiText(emoji: string): string {
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(emoji)) return emoji;
  const points = emoji.split('-').map((hex) => parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : emoji;
}
