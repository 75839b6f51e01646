import { htmlBlockEvents } from './html-block-events';

describe('htmlBlockEvents', () => {
  it('reads the opening of an expandable with its summary (its text, and its HTML for the marks)', () => {
    expect(htmlBlockEvents('<details open>\n<summary><strong>Bold</strong> title</summary>\n')).toEqual([
      { kind: 'details-open' },
      { kind: 'summary', text: 'Bold title', html: '<strong>Bold</strong> title' },
    ]);
  });

  it('reads the close of an expandable on its own', () => {
    expect(htmlBlockEvents('</details>\n')).toEqual([{ kind: 'details-close' }]);
  });

  it('reads a figure with its image and caption, entities decoded', () => {
    expect(htmlBlockEvents('<figure><img src="a.png" alt="x &amp; y"><figcaption><p>Cap <em>em</em></p></figcaption></figure>')).toEqual([
      { kind: 'images', images: [{ src: 'a.png', alt: 'x & y', caption: 'Cap em' }] },
    ]);
    expect(htmlBlockEvents('<img src="b.png">')).toEqual([{ kind: 'images', images: [{ src: 'b.png' }] }]);
  });

  it('reads figures side by side in an aligned div, widths and dark variants as one images block', () => {
    expect(
      htmlBlockEvents(
        '<div align="left" data-full-width="true"><figure><img src="a.png" alt="" width="375"><figcaption><p>A</p></figcaption></figure> <figure><picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt=""></picture><figcaption></figcaption></figure></div>',
      ),
    ).toEqual([{ kind: 'images', align: 'left', fullWidth: true, images: [{ src: 'a.png', width: '375', caption: 'A' }, { src: 'light.png', srcDark: 'dark.png' }] }]);
  });

  it('leaves any other HTML to be kept as text', () => {
    expect(htmlBlockEvents('<div>x</div>')).toBeUndefined();
    expect(htmlBlockEvents('<details><summary>T</summary>inline body</details>')).toBeUndefined();
    expect(htmlBlockEvents('<figure><figcaption>no image</figcaption></figure>')).toBeUndefined();
    expect(htmlBlockEvents('<!-- a comment -->')).toBeUndefined();
  });
});
