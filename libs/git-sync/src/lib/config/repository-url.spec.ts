import { BadRequestException } from '@nestjs/common';
import { assertRefName, normalizeProjectDirectory, parseRepositoryUrl } from './repository-url';

describe('repository URLs, refs and folders of a Git Sync request', () => {
  it('takes the credentials out of the URL and names the repository and its forge', () => {
    expect(parseRepositoryUrl('https://bot:t%40ken@github.com/acme/docs.git')).toEqual({
      url: 'https://github.com/acme/docs.git',
      credentials: { username: 'bot', password: 't@ken' },
      repoName: 'acme/docs',
      provider: 'github',
    });
    expect(parseRepositoryUrl('https://gitlab.example.org/group/sub/docs/')).toEqual({ url: 'https://gitlab.example.org/group/sub/docs', repoName: 'group/sub/docs', provider: 'gitlab' });
    expect(parseRepositoryUrl('http://127.0.0.1:8080/docs.git')).toEqual({ url: 'http://127.0.0.1:8080/docs.git', repoName: 'docs' });
    expect(parseRepositoryUrl('https://token@example.com/docs.git').credentials).toEqual({ username: 'token', password: '' });
  });

  it('refuses what is not an http(s) URL of a repository, naming url', () => {
    for (const [url, message] of [
      ['git@github.com:acme/docs.git', /absolute http or https URL/],
      ['ssh://git@github.com/acme/docs.git', /http or https/],
      ['file:///srv/docs.git', /http or https/],
      ['https://github.com', /name a repository/],
      ['https://github.com/acme/docs.git#main', /query or a fragment/],
      ['https://a:%E0%A4%A@github.com/acme/docs.git', /malformed credentials/],
    ] as const) {
      expect(() => parseRepositoryUrl(url)).toThrow(BadRequestException);
      expect(() => parseRepositoryUrl(url)).toThrow(message);
    }
  });

  it('accepts full branch refs (and tags for imports) that git accepts', () => {
    for (const ref of ['refs/heads/main', 'refs/heads/release/2.x', 'refs/heads/feature-ü']) expect(() => assertRefName(ref, 'ref', false)).not.toThrow();
    expect(() => assertRefName('refs/tags/v1.0', 'ref', true)).not.toThrow();
    for (const ref of ['main', 'refs/tags/v1.0', 'refs/heads/', 'refs/heads/a..b', 'refs/heads/a b', 'refs/heads/x.lock', 'refs/heads/.hidden', 'refs/heads/a~1', 'refs/heads/a@{1}', 'refs/heads/a//b', 'refs/heads/end.']) {
      expect(() => assertRefName(ref, 'ref', false)).toThrow(/^ref /);
    }
  });

  it('keeps the project folder inside the repository', () => {
    expect(normalizeProjectDirectory(undefined)).toBe('');
    expect(normalizeProjectDirectory('./')).toBe('');
    expect(normalizeProjectDirectory('/docs/')).toBe('docs');
    expect(normalizeProjectDirectory('docs\\guide')).toBe('docs/guide');
    expect(normalizeProjectDirectory('docs/./a/../b')).toBe('docs/b');
    for (const bad of ['../x', 'docs/../../x', '.git', 'a/.git/hooks']) expect(() => normalizeProjectDirectory(bad)).toThrow(/repoProjectDirectory/);
  });
});
