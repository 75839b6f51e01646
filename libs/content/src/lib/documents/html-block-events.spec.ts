import { htmlBlockEvents } from './html-block-events';

describe('htmlBlockEvents', () => {
  it('reads the opening of an expandable with its summary (formatting inside kept as text)', () => {
    expect(htmlBlockEvents('<details open>\n<summary><strong>Bold</strong> title</summary>\n')).toEqual([
      { kind: 'details-open' },
      { kind: 'summary', text: 'Bold title' },
    ]);
  });

  it('reads the close of an expandable on its own', () => {
    expect(htmlBlockEvents('</details>\n')).toEqual([{ kind: 'details-close' }]);
  });

  it('reads a figure with its image and caption, entities decoded', () => {
    expect(htmlBlockEvents('<figure><img src="a.png" alt="x &amp; y"><figcaption><p>Cap <em>em</em></p></figcaption></figure>')).toEqual([
      { kind: 'figure', src: 'a.png', alt: 'x & y', caption: 'Cap em' },
    ]);
    expect(htmlBlockEvents('<img src="b.png">')).toEqual([{ kind: 'figure', src: 'b.png' }]);
  });

  it('leaves any other HTML to be kept as text', () => {
    expect(htmlBlockEvents('<div>x</div>')).toBeUndefined();
    expect(htmlBlockEvents('<details><summary>T</summary>inline body</details>')).toBeUndefined();
    expect(htmlBlockEvents('<figure><figcaption>no image</figcaption></figure>')).toBeUndefined();
    expect(htmlBlockEvents('<!-- a comment -->')).toBeUndefined();
  });
});
