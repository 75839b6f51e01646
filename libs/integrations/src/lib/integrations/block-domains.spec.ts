import { blockDomains } from './block-domains';

describe('blockDomains', () => {
  it('extracts the hosts of urlUnfurl patterns', () => {
    expect(
      blockDomains([
        { id: 'a', title: 'A', urlUnfurl: ['https://www.Figma.com/file/**', 'http://figma.com:8080/x', '*.example.com/*'] },
        { id: 'b', title: 'B', urlUnfurl: ['github.com', 'https://www.figma.com/proto/**'] },
        { id: 'c', title: 'C' },
      ]),
    ).toEqual(['www.figma.com', 'figma.com', 'example.com', 'github.com']);
  });

  it('ignores patterns without a usable host', () => {
    expect(blockDomains([{ id: 'a', title: 'A', urlUnfurl: ['https://*/x', '', '/relative'] }])).toEqual([]);
  });
});
