/** Pages the benchmarks write: deterministic prose, a typical page, a long one with code blocks. */

const WORDS = 'the site server renders pages from immutable revisions and keeps them in memory until anything they show changes which makes warm requests cheap while every publish shows at once for readers and crawlers alike'.split(' ');

/** `count` words of prose, deterministic (so every run renders the same pages). */
export function prose(count: number, seed: number): string {
  const out: string[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[x % WORDS.length]);
  }
  return out.join(' ');
}

const LANGUAGES = ['js', 'ts', 'python', 'bash', 'json', 'go', 'rust', 'java', 'yaml', 'sql'];

/** A 5,000-word page with 20 code blocks (of ten languages) under 20 headings. */
export function longPage(seed: number): string {
  const parts: string[] = [];
  for (let section = 0; section < 20; section++) {
    parts.push(`## Section ${section + 1}`, '', prose(125, seed * 100 + section), '', prose(125, seed * 100 + section + 50), '');
    const language = LANGUAGES[section % LANGUAGES.length];
    const lines = Array.from({ length: 12 }, (_, i) => `// step ${i}: ${prose(6, seed + section + i)}`);
    const body = language === 'python' || language === 'bash' || language === 'yaml' ? lines.map((l) => l.replace('//', '#')) : language === 'json' ? [`{"steps": ${JSON.stringify(lines)}}`] : language === 'sql' ? lines.map((l) => `SELECT 1; -- ${l}`) : lines;
    parts.push(`\`\`\`${language}`, ...body, '```', '');
  }
  return parts.join('\n');
}

/** A typical page: headings, prose, a hint, a table, three code blocks. */
export const SAMPLE_PAGE = [
  'This guide takes you from an empty machine to a running installation in a few minutes.',
  '',
  '## Requirements',
  '',
  '* Node.js 20.19 or later',
  '* 2 GB of memory',
  '* PostgreSQL 14 or later, or none at all: an embedded one starts with the platform',
  '',
  '{% hint style="info" %}\nEvery command below runs from the root of the checkout.\n{% endhint %}',
  '',
  '## Install',
  '',
  prose(180, 7),
  '',
  '```bash\nnpm ci\nnpm start\n```',
  '',
  '## Configure',
  '',
  prose(220, 11),
  '',
  '| Variable | Default | Meaning |\n| --- | --- | --- |\n| `PORT` | `8080` | Port of the API |\n| `SITE_PORT` | `8081` | Port of the published sites |\n| `DATABASE_URL` | unset | An external PostgreSQL |',
  '',
  '```js\nconst response = await fetch(`${api}/v1/user`, { headers: { Authorization: `Bearer ${token}` } });\nconsole.log(await response.json());\n```',
  '',
  '## Next steps',
  '',
  prose(150, 13),
  '',
  '```json\n{ "title": "Handbook", "visibility": "public" }\n```',
].join('\n');
