import { block, code, doc, dom, fragment, heading, inline, item, p, text } from '../../testing/document-builders';
import { DocumentContext, EMPTY_DOCUMENT_CONTEXT } from '../model/document-context';
import { renderDocument } from './render-document';

/** A context where pages, files, reusable contents and variables resolve (as the site server answers them). */
const context: DocumentContext = {
  link: (ref) => {
    if (ref.kind === 'url') return { href: String(ref.url), external: /^https?:/.test(String(ref.url)) };
    if (ref.kind === 'page') return ref.page === 'p-guide' ? { href: '/docs/guide', title: 'The guide' } : undefined;
    if (ref.kind === 'anchor') return { href: `#${ref.anchor}` };
    return undefined;
  },
  file: (id) =>
    id === 'f-image'
      ? { url: '/~site/files/f-image/abc/diagram.png', name: 'diagram.png', contentType: 'image/png', size: 2048, width: 800, height: 400 }
      : id === 'f-pdf'
        ? { url: '/~site/files/f-pdf/def/report.pdf', name: 'report.pdf', contentType: 'application/pdf', size: 3 * 1024 * 1024 }
        : undefined,
  reusableContent: (id) => (id === 'rc-1' ? doc(heading(2, 'Shared part'), p('Reused text.')) : id === 'rc-self' ? doc(p('Loop'), block('reusable-content', [], { ref: { kind: 'reusable-content', reusableContent: 'rc-self' } })) : undefined),
  expression: (expression) => (expression === 'space.vars.product' ? 'Docs Platform' : undefined),
  condition: (expression) => expression === 'visitor.claims.beta == true',
  openApi: () => undefined,
};

const render = (...nodes: Record<string, any>[]) => {
  const out = renderDocument(doc(...nodes), context);
  return { ...out, document: dom(out.html) };
};

describe('renderDocument: blocks', () => {
  it('renders paragraphs with alignment', () => {
    const { document } = render(p('Hello'), { ...p('Centered'), data: { align: 'center' } });
    const paragraphs = document.querySelectorAll('p');
    expect(paragraphs[0].textContent).toBe('Hello');
    expect(paragraphs[1].className).toBe('align-center');
  });

  it('renders headings one level below the page title, with anchors, self links and the outline', () => {
    const { document, outline } = render(heading(1, 'Getting started'), heading(2, 'Install'), heading(3, 'Install'), heading(2, 'Custom', { id: 'my-id' }));
    expect(Array.from(document.querySelectorAll('h2, h3, h4')).map((h) => [h.tagName, h.id])).toEqual([
      ['H2', 'getting-started'],
      ['H3', 'install'],
      ['H4', 'install-1'],
      ['H3', 'my-id'],
    ]);
    expect(document.querySelector('h2 a.anchor')!.getAttribute('href')).toBe('#getting-started');
    expect(outline).toEqual([
      { id: 'getting-started', title: 'Getting started', level: 1 },
      { id: 'install', title: 'Install', level: 2 },
      { id: 'install-1', title: 'Install', level: 3 },
      { id: 'my-id', title: 'Custom', level: 2 },
    ]);
  });

  it('starts the headings at h2 whatever the top level of the document, so that none skips a level', () => {
    const { document, outline } = render(heading(2, 'Install'), heading(3, 'Linux'), heading(2, 'Use'));
    expect(Array.from(document.querySelectorAll('h2, h3, h4')).map((h) => h.tagName)).toEqual(['H2', 'H3', 'H2']);
    expect(outline.map((h) => h.level)).toEqual([1, 2, 1]);
  });

  it('renders ordered (with a start), bulleted and nested lists', () => {
    const { document } = render(
      block('list-ordered', [item(p('one')), item(p('two'), block('list-unordered', [item(p('nested'))]))], { start: 3 }),
      block('list-unordered', [item(p('bullet'))]),
    );
    const ol = document.querySelector('ol')!;
    expect(ol.getAttribute('start')).toBe('3');
    expect(ol.querySelectorAll(':scope > li').length).toBe(2);
    expect(ol.querySelector('li ul li')!.textContent).toBe('nested');
    expect(document.querySelectorAll('body > ul > li')[0].textContent).toBe('bullet');
  });

  it('renders task lists with disabled, labelled checkboxes', () => {
    const { document } = render(block('list-tasks', [{ ...item(p('done')), data: { checked: true } }, item(p('todo'))]));
    const boxes = document.querySelectorAll('ul.task-list input[type=checkbox]');
    expect(boxes.length).toBe(2);
    expect(boxes[0].hasAttribute('checked')).toBe(true);
    expect(boxes[1].hasAttribute('checked')).toBe(false);
    expect(boxes[0].hasAttribute('disabled')).toBe(true);
    expect(boxes[0].getAttribute('aria-label')).toBe('Done');
  });

  it('renders quotes, nested', () => {
    const { document } = render(block('blockquote', [p('quoted'), block('blockquote', [p('deeper')])]));
    expect(document.querySelector('blockquote > p')!.textContent).toBe('quoted');
    expect(document.querySelector('blockquote blockquote p')!.textContent).toBe('deeper');
  });

  it.each(['info', 'warning', 'danger', 'success'])('renders a %s hint as a labelled note', (style) => {
    const { document } = render(block('hint', [p('Careful')], { style }));
    const hint = document.querySelector('.hint')!;
    expect(hint.className).toBe(`hint hint-${style}`);
    expect(hint.getAttribute('role')).toBe('note');
    expect(hint.querySelector('.hint-body p')!.textContent).toBe('Careful');
  });

  it('reads an unknown hint style as info', () => {
    expect(render(block('hint', [p('x')], { style: 'fancy' })).document.querySelector('.hint')!.className).toBe('hint hint-info');
  });

  it('renders code highlighted on the server, titled, with line numbers, wrapping, highlighted lines and a copy button', () => {
    const lines = code(['const answer = 42;', 'console.log(answer);'], { syntax: 'js', title: 'app.js', lineNumbers: true, overflow: 'wrap' });
    lines.nodes[1].data = { highlighted: true };
    const { document, codeCss } = render(lines);
    const figure = document.querySelector('figure.code')!;
    expect(figure.className).toBe('code wrap numbered');
    expect(figure.querySelector('figcaption')!.textContent).toBe('app.js');
    expect(figure.querySelector('button.copy')!.getAttribute('aria-label')).toBe('Copy app.js');
    const codeElement = figure.querySelector('pre code')!;
    expect(codeElement.className).toBe('language-javascript');
    expect(codeElement.textContent).toBe('const answer = 42;\nconsole.log(answer);');
    const spans = codeElement.querySelectorAll('.line');
    expect(spans.length).toBe(2);
    expect(spans[1].className).toBe('line highlighted');
    // Tokens carry classes whose colours (light and dark) the page's CSS defines.
    const keyword = Array.from(codeElement.querySelectorAll('.line span')).find((span) => span.textContent === 'const')!;
    expect(keyword.className).toMatch(/^k[0-9a-z]+$/);
    expect(codeCss).toContain(`.${keyword.className}{--l:#cf222e;--d:#ff7b72}`);
    // Each token its own colours (plain text has none: the block's colour).
    const identifier = Array.from(codeElement.querySelectorAll('.line span')).find((span) => span.textContent === 'answer')!;
    expect(codeCss).toContain(`.${identifier.className}{--l:#`);
    expect(identifier.className).not.toBe(keyword.className);
  });

  it('renders code of an unknown language plain, and escapes it', () => {
    const { document } = render(code(['<script>alert(1)</script>'], { syntax: 'no-such-language' }));
    const element = document.querySelector('pre code')!;
    expect(element.querySelector('script')).toBeNull();
    expect(element.textContent).toBe('<script>alert(1)</script>');
    expect(element.querySelectorAll('.line span').length).toBe(0);
  });

  it('renders math with KaTeX, block and inline, with MathML for screen readers', () => {
    const out = render(block('math', [], { formula: 'E = mc^2' }, { isVoid: true }), p('Inline ', inline('inline-math', { formula: 'a^2' }), '.'));
    expect(out.usesMath).toBe(true);
    expect(out.document.querySelector('.math-block .katex-display math')).not.toBeNull();
    expect(out.document.querySelector('p .math-inline .katex math')).not.toBeNull();
    expect(render(p('no math')).usesMath).toBe(false);
  });

  it('renders invalid TeX without throwing', () => {
    const { document } = render(block('math', [], { formula: '\\frac{' }));
    expect(document.querySelector('.math-block')).not.toBeNull();
  });

  it('renders a divider', () => {
    expect(render(block('divider')).document.querySelector('hr')).not.toBeNull();
  });

  it('renders grid tables with headers, alignment and typed cells, in a focusable scroll region', () => {
    const table = {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['name', 'count', 'ok', 'level', 'kind'], hideHeader: false },
        definition: {
          name: { id: 'name', type: 'text', title: 'Name', textAlignment: 'left' },
          count: { id: 'count', type: 'number', title: 'Count' },
          ok: { id: 'ok', type: 'checkbox', title: 'OK' },
          level: { id: 'level', type: 'rating', title: 'Level', max: 5 },
          kind: { id: 'kind', type: 'select', title: 'Kind', multiple: false, options: [{ value: 'a', label: 'Alpha', color: 'blue' }] },
        },
        records: {
          r2: { orderIndex: 'b', values: { name: 'frag-2', count: 2, ok: false, level: 1, kind: ['a'] } },
          r1: { orderIndex: 'a', values: { name: 'frag-1', count: 1, ok: true, level: 4, kind: ['a'] } },
        },
      },
      fragments: [fragment('frag-1', [p(text('first', 'bold'))]), fragment('frag-2', [p('second')])],
    };
    const { document } = render(table);
    const region = document.querySelector('.table-wrap')!;
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent)).toEqual(['Name', 'Count', 'OK', 'Level', 'Kind']);
    const rows = document.querySelectorAll('tbody tr');
    expect(rows[0].querySelector('td strong')!.textContent).toBe('first');
    expect(rows[0].querySelectorAll('td')[1].textContent).toBe('1');
    expect(rows[0].querySelector('input[type=checkbox]')!.hasAttribute('checked')).toBe(true);
    expect(rows[0].querySelector('.rating')!.getAttribute('aria-label')).toBe('4 out of 5');
    expect(rows[0].querySelector('.tag')!.textContent).toBe('Alpha');
    expect(rows[1].querySelector('td')!.textContent).toBe('second');
  });

  it('renders a table whose header is hidden without a head row', () => {
    const { document } = render({
      object: 'block',
      type: 'table',
      data: { view: { type: 'grid', columns: ['a'], hideHeader: true }, definition: { a: { type: 'text', title: 'A' } }, records: { r: { orderIndex: 'a', values: { a: 'x' } } } },
      fragments: [],
    });
    expect(document.querySelector('thead')).toBeNull();
    expect(document.querySelector('td')!.textContent).toBe('x');
  });

  it('renders cards: a linked card per record with its cover and text', () => {
    const { document } = render({
      object: 'block',
      type: 'table',
      data: {
        view: { type: 'cards', columns: ['title', 'target', 'cover'], targetDefinition: 'target', coverDefinition: 'cover', cardSize: 'large' },
        definition: { title: { type: 'text', title: 'Title' }, target: { type: 'content-ref', title: 'Target' }, cover: { type: 'files', title: 'Cover' } },
        records: { r1: { orderIndex: 'a', values: { title: 't1', target: { kind: 'page', page: 'p-guide' }, cover: ['f-image'] } } },
      },
      fragments: [fragment('t1', [p('Read the guide')])],
    });
    const card = document.querySelector('ul.cards.large li.card')!;
    expect(card.querySelector('a.card-link')!.getAttribute('href')).toBe('/docs/guide');
    expect(card.querySelector('img.card-cover')!.getAttribute('src')).toBe('/~site/files/f-image/abc/diagram.png');
    expect(card.querySelector('.card-body')!.textContent).toBe('Read the guide');
  });

  it('renders images with their caption, alt text and size (no layout shift), a dark variant and a scaled width', () => {
    const image = (data: Record<string, any>, caption?: string) => ({ object: 'block', type: 'image', isVoid: true, data, fragments: caption ? [fragment('caption', [p(caption)])] : [] });
    const { document } = render(
      block('images', [image({ ref: { kind: 'file', file: 'f-image' }, alt: 'A diagram' }, 'The architecture')]),
      block('images', [image({ ref: { kind: 'file', file: 'f-image' }, refDark: { kind: 'url', url: 'https://example.com/dark.png' }, alt: 'Both', width: 400 })]),
    );
    const [first, second] = Array.from(document.querySelectorAll('.images'));
    const img = first.querySelector('figure img')!;
    expect(img.getAttribute('src')).toBe('/~site/files/f-image/abc/diagram.png');
    expect(img.getAttribute('alt')).toBe('A diagram');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '400']);
    expect(first.querySelector('figcaption')!.textContent).toBe('The architecture');
    const [light, dark] = Array.from(second.querySelectorAll('img'));
    expect(light.className).toBe('only-light');
    expect([light.getAttribute('width'), light.getAttribute('height')]).toEqual(['400', '200']);
    expect(dark.className).toBe('only-dark');
    expect(dark.getAttribute('src')).toBe('https://example.com/dark.png');
  });

  it('renders an image whose file is gone as its alt text', () => {
    const { document } = render(block('images', [{ object: 'block', type: 'image', data: { ref: { kind: 'file', file: 'gone' }, alt: 'Gone' }, fragments: [] }]));
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.image-missing')!.textContent).toBe('Gone');
  });

  it('renders a file as a download link with its name, type and size', () => {
    const { document } = render(block('file', [], { ref: { kind: 'file', file: 'f-pdf' } }));
    const link = document.querySelector('a.file-download')!;
    expect(link.getAttribute('href')).toBe('/~site/files/f-pdf/def/report.pdf');
    expect(link.getAttribute('download')).toBe('report.pdf');
    expect(link.querySelector('.file-name')!.textContent).toBe('report.pdf');
    expect(link.querySelector('.file-meta')!.textContent).toBe('application/pdf · 3.0 MB');
  });

  it('renders embeds as links, never frames or scripts', () => {
    const { document } = render(block('embed', [], { url: 'https://www.youtube.com/watch?v=x' }), block('embed', [], { url: 'javascript:alert(1)' }));
    expect(document.querySelector('iframe, script')).toBeNull();
    const links = document.querySelectorAll('a.embed-link');
    expect(links.length).toBe(1);
    expect(links[0].getAttribute('href')).toBe('https://www.youtube.com/watch?v=x');
    expect(links[0].querySelector('.embed-host')!.textContent).toBe('www.youtube.com');
  });

  it('renders tabs as an ARIA tab list with one panel per tab, the first shown', () => {
    const { document } = render(block('tabs', [block('tabs-item', [p('JS code')], { title: 'JavaScript' }), block('tabs-item', [p('Py code')], { title: 'Python' })]));
    const tabs = Array.from(document.querySelectorAll('[role=tab]'));
    const panels = Array.from(document.querySelectorAll('[role=tabpanel]'));
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['JavaScript', 'true'],
      ['Python', 'false'],
    ]);
    expect(tabs[1].getAttribute('aria-controls')).toBe(panels[1].id);
    expect(panels[1].getAttribute('aria-labelledby')).toBe(tabs[1].id);
    expect(panels[0].hasAttribute('hidden')).toBe(false);
    expect(panels[1].hasAttribute('hidden')).toBe(true);
    expect(panels[1].textContent).toBe('Py code');
  });

  it('renders expandables as closed disclosures', () => {
    const { document } = render({
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: {},
      fragments: [fragment('expandable-title', [p('Click to expand')]), fragment('expandable-body', [p('Hidden'), heading(2, 'Inside')])],
    });
    const details = document.querySelector('details.expandable')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Click to expand');
    expect(details.querySelector('.expandable-body p')!.textContent).toBe('Hidden');
    expect(details.querySelector('h2')!.id).toBe('inside');
  });

  it('renders steppers as numbered steps', () => {
    const { document } = render(block('stepper', [block('stepper-step', [heading(3, 'Install'), p('Run it')]), block('stepper-step', [p('Configure')])]));
    const steps = document.querySelectorAll('ol.stepper > li.step');
    expect(steps.length).toBe(2);
    expect(steps[0].querySelector('h2')!.textContent).toContain('Install');
  });

  it('renders content references as cards titled with their target', () => {
    const { document } = render(block('content-ref', [], { ref: { kind: 'page', page: 'p-guide' } }), block('content-ref', [], { ref: { kind: 'page', page: 'p-private' } }));
    const links = document.querySelectorAll('a.content-ref-link');
    expect(links.length).toBe(1);
    expect(links[0].getAttribute('href')).toBe('/docs/guide');
    expect(links[0].querySelector('.content-ref-title')!.textContent).toBe('The guide');
  });

  it('renders reusable content in place (its headings numbered after the page), and stops a body embedding itself', () => {
    const { document, outline } = render(
      heading(2, 'Shared part'),
      block('reusable-content', [], { ref: { kind: 'reusable-content', reusableContent: 'rc-1' } }),
      block('reusable-content', [], { ref: { kind: 'reusable-content', reusableContent: 'rc-self' } }),
      block('reusable-content', [], { ref: { kind: 'reusable-content', reusableContent: 'missing' } }),
    );
    expect(document.querySelector('.reusable-content p')!.textContent).toBe('Reused text.');
    expect(outline.map((h) => h.id)).toEqual(['shared-part', 'shared-part-1']);
    expect(Array.from(document.querySelectorAll('.reusable-content')).length).toBe(2);
    expect(document.querySelectorAll('p').length).toBe(2);
  });

  it('shows a conditional block only when its condition holds for the visitor', () => {
    const { document } = render(block('if', [p('For beta testers')], { expression: 'visitor.claims.beta == true' }), block('if', [p('For others')], { expression: 'visitor.claims.plan == "pro"' }));
    expect(Array.from(document.querySelectorAll('p')).map((e) => e.textContent)).toEqual(['For beta testers']);
  });

  it('renders columns side by side', () => {
    const { document } = render(block('columns', [block('column', [p('Left')]), block('column', [p('Right')])]));
    expect(Array.from(document.querySelectorAll('.columns > .column')).map((c) => c.textContent)).toEqual(['Left', 'Right']);
  });

  it('renders drawings as their image, and integrations as a link or nothing', () => {
    const { document } = render(block('drawing', [], { ref: { kind: 'file', file: 'f-image' } }), block('integration', [], { integration: 'x', block: 'y', props: {}, url: 'https://example.com/widget' }), block('integration', [], { integration: 'x', block: 'y', props: {} }));
    expect(document.querySelector('figure.drawing img')!.getAttribute('width')).toBe('800');
    expect(document.querySelectorAll('.integration').length).toBe(1);
    expect(document.querySelector('.integration a')!.getAttribute('href')).toBe('https://example.com/widget');
  });

  it('renders a block it does not know as its text, never failing', () => {
    const { document } = render(block('no-such-block', [p('still readable')]), { object: 'block', type: 'weird' }, block('another', []));
    expect(document.querySelector('.unknown-block')!.textContent).toBe('still readable');
    expect(document.querySelectorAll('.unknown-block').length).toBe(1);
  });

  it('renders an empty document as nothing', () => {
    expect(renderDocument(doc(), EMPTY_DOCUMENT_CONTEXT).html).toBe('');
    expect(renderDocument({}, EMPTY_DOCUMENT_CONTEXT).html).toBe('');
  });
});

describe('renderDocument: inlines and marks', () => {
  it('renders every mark', () => {
    const { document } = render(
      p(
        text('b', 'bold'),
        text('i', 'italic'),
        text('c', 'code'),
        text('s', 'strikethrough'),
        text('k', 'keyboard'),
        text('sup', 'superscript'),
        text('sub', 'subscript'),
        text('all', 'bold', 'italic', 'code'),
        text('red', { type: 'color', data: { text: 'red', background: '$warning' } }),
      ),
    );
    const paragraph = document.querySelector('p')!;
    expect(paragraph.querySelector('strong')!.textContent).toBe('b');
    expect(paragraph.querySelector('em')!.textContent).toBe('i');
    expect(paragraph.querySelector('code')!.textContent).toBe('c');
    expect(paragraph.querySelector('s')!.textContent).toBe('s');
    expect(paragraph.querySelector('kbd')!.textContent).toBe('k');
    expect(paragraph.querySelector('sup')!.textContent).toBe('sup');
    expect(paragraph.querySelector('sub')!.textContent).toBe('sub');
    expect(paragraph.querySelector('strong > em > code')!.textContent).toBe('all');
    expect(paragraph.querySelector('mark.color')!.className).toBe('color text-red bg-warning');
  });

  it('escapes text and keeps line breaks', () => {
    const { document } = render(p('<img src=x onerror=alert(1)>\nnext line'));
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('p br')).not.toBeNull();
    expect(document.querySelector('p')!.textContent).toBe('<img src=x onerror=alert(1)>next line');
  });

  it('renders links to URLs, pages and anchors; unknown targets and unsafe URLs stay text', () => {
    const { document } = render(
      p(
        inline('link', { ref: { kind: 'url', url: 'https://example.com' } }, [text('site')]),
        inline('link', { ref: { kind: 'page', page: 'p-guide' } }, [text('guide')]),
        inline('link', { ref: { kind: 'anchor', anchor: 'install' } }, [text('here')]),
        inline('link', { ref: { kind: 'page', page: 'p-private' } }, [text('hidden')]),
        inline('link', { ref: { kind: 'url', url: 'javascript:alert(1)' } }, [text('evil')]),
        inline('link', { ref: { kind: 'url', url: ' JaVaScRiPt:alert(1)' } }, [text('evil2')]),
      ),
    );
    const links = Array.from(document.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['site', 'https://example.com', 'noopener'],
      ['guide', '/docs/guide', null],
      ['here', '#install', null],
    ]);
    expect(document.querySelector('p')!.textContent).toBe('siteguideherehiddenevilevil2');
  });

  it('renders mentions and buttons through the same links', () => {
    const { document } = render(p(inline('mention', { ref: { kind: 'page', page: 'p-guide' } }), inline('button', { label: 'Start', kind: 'primary', ref: { kind: 'page', page: 'p-guide' } })));
    expect(document.querySelector('a.mention')!.textContent).toBe('The guide');
    expect(document.querySelector('a.button.primary')!.textContent).toBe('Start');
  });

  it('renders emojis, icons, expressions (variables) and inline images', () => {
    const { document } = render(
      p(
        inline('emoji', { code: '1f680' }),
        inline('icon', { icon: 'check' }),
        inline('expression', { expression: 'space.vars.product' }),
        inline('expression', { expression: 'space.vars.unknown' }),
        inline('inline-image', { ref: { kind: 'file', file: 'f-image' }, alt: 'logo', size: 'line' }),
      ),
    );
    const paragraph = document.querySelector('p')!;
    expect(paragraph.textContent).toContain('🚀');
    expect(paragraph.querySelector('.inline-icon')!.getAttribute('aria-label')).toBe('check');
    expect(Array.from(paragraph.querySelectorAll('.expression')).map((e) => e.textContent)).toEqual(['Docs Platform', '']);
    const img = paragraph.querySelector('img.inline-image.line')!;
    expect(img.getAttribute('alt')).toBe('logo');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('renders annotations as a term described by its note', () => {
    const { document } = render(p('An ', { object: 'inline', type: 'annotation', isVoid: false, nodes: [text('API')], fragments: [{ object: 'fragment', type: 'annotation-body', nodes: [p('Application programming interface')] }] }));
    const term = document.querySelector('.annotation button')!;
    const note = document.getElementById(term.getAttribute('aria-describedby')!)!;
    expect(term.textContent).toBe('API');
    expect(note.getAttribute('role')).toBe('tooltip');
    expect(note.textContent).toBe('Application programming interface');
  });

  it('renders an inline it does not know as its text', () => {
    expect(render(p(inline('sparkle', {}, [text('shiny')]))).document.querySelector('p')!.textContent).toBe('shiny');
  });
});
