/**
 * The reference's coarse visitor columns (`visitorBrowser`, `visitorDevice`, `visitorOS`,
 * `visitorBot`) from a User-Agent header: only these classes are stored, never the header.
 */
export interface UserAgentClass {
  browser: 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera' | 'unknown';
  device: 'desktop' | 'tablet' | 'mobile' | 'unknown';
  os: 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'unknown';
  bot: 'unknown' | 'googlebot' | 'bingbot' | 'duckduckbot' | 'facebookbot' | 'applebot' | 'chatgpt' | 'anthropic' | null;
}

/** Known crawlers first (their agents also name a browser); any other robot is `unknown`. */
const BOTS: [RegExp, NonNullable<UserAgentClass['bot']>][] = [
  [/googlebot|google-inspectiontool|storebot-google/i, 'googlebot'],
  [/bingbot|bingpreview/i, 'bingbot'],
  [/duckduckbot|duckassistbot/i, 'duckduckbot'],
  [/facebookexternalhit|facebookbot|meta-externalagent/i, 'facebookbot'],
  [/applebot/i, 'applebot'],
  [/gptbot|chatgpt-user|oai-searchbot/i, 'chatgpt'],
  [/claudebot|claude-user|claude-searchbot|anthropic-ai/i, 'anthropic'],
  [/bot\b|crawler|spider|slurp|curl\/|wget\/|python-requests|headlesschrome/i, 'unknown'],
];

export function classifyUserAgent(userAgent: string): UserAgentClass {
  const ua = userAgent;
  const bot = BOTS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const browser: UserAgentClass['browser'] = /edg(e|a|ios)?\//i.test(ua)
    ? 'edge'
    : /opr\/|opera/i.test(ua)
      ? 'opera'
      : /firefox\/|fxios\//i.test(ua)
        ? 'firefox'
        : /chrome\/|crios\/|chromium\//i.test(ua)
          ? 'chrome'
          : /msie |trident\//i.test(ua)
            ? 'ie'
            : /safari\//i.test(ua) && /version\//i.test(ua)
              ? 'safari'
              : 'unknown';
  const os: UserAgentClass['os'] = /iphone|ipad|ipod/i.test(ua)
    ? 'ios'
    : /android/i.test(ua)
      ? 'android'
      : /windows/i.test(ua)
        ? 'windows'
        : /mac os x|macintosh/i.test(ua)
          ? 'macos'
          : /linux|x11|cros/i.test(ua)
            ? 'linux'
            : 'unknown';
  const device: UserAgentClass['device'] = /ipad|tablet|(android(?!.*mobile))/i.test(ua)
    ? 'tablet'
    : /mobi|iphone|ipod/i.test(ua)
      ? 'mobile'
      : os === 'unknown' && browser === 'unknown'
        ? 'unknown'
        : 'desktop';
  return { browser, device, os, bot };
}
