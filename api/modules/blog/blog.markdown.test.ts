import { describe, expect, test } from 'vitest';
import { CONTENT_MAX } from '#contract/posts';
import { HOSTILE_MARKUP } from '#tests/support/hostile-markup';
import { excerptFromMarkdown, htmlToMarkdown, markdownImages, safeUrl, sanitizeMarkdown, truncateText } from './blog.markdown';

const BASE = 'https://author.substack.com/p/post';

/** Nothing in the output may open a tag, carry a handler or a script/data URL. */
function expectInert(markdown: string) {
  expect(markdown).not.toMatch(/<[a-z!/?]/i);
  expect(markdown).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(markdown).not.toMatch(/\bon[a-z]+\s*=/i);
}

describe('htmlToMarkdown', () => {
  test.each([
    ['a script element', '<p>Hi</p><script>alert(1)</script>'],
    ['a script in upper case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>Hi</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '<a href="javascript:alert(1)">Hi</a>'],
    ['a javascript: link hidden by case, tabs and entities', '<a href="  JaVa&#x09;ScRiPt&colon;alert(1)">Hi</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">Hi</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Hi</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="x">'],
    ['an iframe', '<iframe src="https://evil.example" onload="alert(1)">fallback</iframe>'],
    ['an inline style element', '<style>@import "javascript:alert(1)"; body{display:none}</style><p>Hi</p>'],
    ['object and embed', '<object data="x.swf"><param name=a value=b>obj</object><embed src="x.swf">'],
    ['a form', '<form action="javascript:alert(1)"><input onfocus=alert(1) autofocus><button>Go</button></form>'],
    ['an svg with script', '<svg onload=alert(1)><script>alert(1)</script></svg>'],
    ['a math element', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
    ['a handler on a paragraph', '<p onclick="alert(1)" style="x">Hi</p>'],
    ['an autolink in text', '<p>&lt;javascript:alert(1)&gt;</p>'],
    ['a Markdown link in text', '<p>[click](javascript:alert(1))</p>'],
    ['markup inside code', '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>'],
    ['a comment', '<!-- <script>alert(1)</script> --><p>Hi</p>'],
    ['a noscript and template', '<noscript><img src=x onerror=alert(1)></noscript><template><script>alert(1)</script></template>'],
    ['an image alt that tries to close the image', '<img src="https://cdn.example/i.png" alt="x](javascript:alert(1))">'],
    ['a link URL that tries to close the link', '<a href="https://ok.example/a)[y](javascript:alert(1)">t</a>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>Hi</p>'],
  ])('removes %s', (_label, html) => {
    const markdown = htmlToMarkdown(html, { baseUrl: BASE });
    expectInert(markdown.replace(/\\\[|\\\]/g, ''));
  });

  test('keeps headings, paragraphs, emphasis, quotes, lists, code and http(s)/mailto links', () => {
    const markdown = htmlToMarkdown(
      `<h1>Title</h1><h3>Part</h3><p>Some <strong>bold</strong> and <em>italic</em> text.</p>
       <blockquote><p>A quote</p></blockquote><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>
       <p><a href="https://example.com/x">web</a> <a href="mailto:a@example.com">mail</a></p>
       <pre><code class="language-js">const a = 1;</code></pre><hr>`,
      { baseUrl: BASE },
    );
    expect(markdown).toContain('# Title');
    expect(markdown).toContain('### Part');
    expect(markdown).toContain('Some **bold** and _italic_ text.');
    expect(markdown).toContain('> A quote');
    expect(markdown).toMatch(/^- +one$/m);
    expect(markdown).toMatch(/^1\. +first$/m);
    expect(markdown).toContain('[web](https://example.com/x)');
    expect(markdown).toContain('[mail](mailto:a@example.com)');
    expect(markdown).toContain('```js\nconst a = 1;\n```');
  });

  test('resolves relative URLs against the Substack address and drops them without one', () => {
    expect(htmlToMarkdown('<a href="/p/other">other</a>', { baseUrl: BASE })).toBe('[other](https://author.substack.com/p/other)');
    expect(htmlToMarkdown('<a href="/p/other">other</a>')).toBe('other');
  });

  test('keeps the words of a dropped link and drops an image with a bad URL', () => {
    expect(htmlToMarkdown('<p><a href="javascript:x()">Read more</a></p><img src="javascript:x()">')).toBe('Read more');
  });

  test('text that looks like markup stays literal text that no renderer reads as a tag', () => {
    expect(htmlToMarkdown('<p>1 &lt; 2 &amp;&amp; a &lt;b&gt;</p>')).toBe('1 &lt; 2 && a &lt;b>');
    expect(htmlToMarkdown('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;lt;</p>')).toBe('&lt;script>alert(1)&lt;/script> &amp;lt;');
  });

  test('removes script elements with their content', () => {
    const markdown = htmlToMarkdown('<p>Before</p><script>alert("x")</script><p>After</p>');
    expect(markdown).toBe('Before\n\nAfter');
  });

  test('HTML nested thousands deep is a 400, not a crash', () => {
    expect(() => htmlToMarkdown('<div>'.repeat(5000) + 'x')).toThrow(expect.objectContaining({ status: 400 }));
  });

  test('empty input gives empty Markdown', () => {
    expect(htmlToMarkdown('   ')).toBe('');
  });
});

describe('sanitizeMarkdown', () => {
  test('removes raw HTML and script links from written Markdown, keeping the rest', () => {
    const out = sanitizeMarkdown(
      '# Hi\n\nText <b>bold</b> <img src=x onerror=alert(1)>\n\n[a](javascript:alert(1)) [b](&#106;avascript:alert(1)) [c](https://ok.example)\n\n[r]: vbscript:x\n\n<div onmouseover=alert(1)',
    );
    expect(out).toContain('# Hi');
    expect(out).toContain('Text bold');
    expect(out).toContain('[a](#) [b](#) [c](https://ok.example)');
    expect(out).toContain('[r]: #');
    expect(out).not.toMatch(/<[a-z]/i);
    expect(out).not.toMatch(/javascript:|vbscript:|onerror/i);
  });

  test('a tag split by a tag becomes text, never a tag', () => {
    expect(sanitizeMarkdown('<scr<b>ipt>alert(1)</script>')).toBe('&lt;script>alert(1)');
    expect(sanitizeMarkdown('<<b>img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)>');
  });

  // A body the API accepts (CONTENT_MAX characters) built to make a tag stripper slow. The time is
  // printed, never asserted (shared machines); `npm run bench -- sanitize` gives the figure.
  test.each(HOSTILE_MARKUP)('cleans a %s body of the maximum size to safe Markdown', (label, body) => {
    expect(body.length).toBeLessThanOrEqual(CONTENT_MAX);
    expect(body.length).toBeGreaterThan(CONTENT_MAX * 0.9);
    const started = performance.now();
    const out = sanitizeMarkdown(body);
    const took = performance.now() - started;
    console.log(`sanitizeMarkdown, ${label}: ${took.toFixed(1)} ms`);
    expect(out).not.toMatch(/<[a-z!/?]/i);
    expect(out).not.toMatch(/\]\(\s*(?:javascript|vbscript|data):/i);
    expect(out).not.toMatch(/^ {0,3}\[[^\]\n]+\]:[ \t]*(?:javascript|vbscript|data):/im);
  });

  test('leaves plain Markdown untouched', () => {
    const md = '## Heading\n\nA [link](https://example.com/a_(b)) and `code`.\n\n- item';
    expect(sanitizeMarkdown(md)).toBe(md);
  });
});

describe('pictures (docs/product.md#blog-management)', () => {
  const ID = '7f1e2d3c-4b5a-4968-8776-655443322110';

  test('an upload of this site and an http(s) picture are kept as written; javascript: and data: pictures lose their address', () => {
    const md = `![A shepherd](/objects/${ID})\n\n![A map](https://cdn.example.net/map.png)\n\n![x](javascript:alert(1)) ![y](data:image/svg+xml;base64,PHN2Zz4=) ![z](&#106;avascript:alert(1))`;
    const out = sanitizeMarkdown(md);
    expect(out).toContain(`![A shepherd](/objects/${ID})`);
    expect(out).toContain('![A map](https://cdn.example.net/map.png)');
    expect(out).toContain('![x](#) ![y](#) ![z](#)');
    expect(out).not.toMatch(/javascript:|data:/i);
  });

  test('an <img> tag in written Markdown is removed, never kept as markup', () => {
    expect(sanitizeMarkdown(`<img src="/objects/${ID}" alt="x" onerror="alert(1)">Text`)).toBe('Text');
  });

  test('markdownImages finds every picture as the renderer reads it (inline, reference-style, in lists, quotes and links), none in code', () => {
    const md = [
      `![One](/objects/${ID})`,
      '- ![Two](https://cdn.example.net/2.png)',
      '> ![](/objects/aaaa)',
      '[![Four][four]](https://example.com)',
      '```\n![Not a picture](/objects/bbbb)\n```',
      '`![Nor this](/objects/cccc)`',
      '[four]: /objects/dddd',
    ].join('\n\n');
    expect(markdownImages(md)).toEqual([
      { href: `/objects/${ID}`, alt: 'One' },
      { href: 'https://cdn.example.net/2.png', alt: 'Two' },
      { href: '/objects/aaaa', alt: '' },
      { href: '/objects/dddd', alt: 'Four' },
    ]);
  });
});

test('markdownImages: a text nested too deeply for the renderer is a 400, not a crash', () => {
  const err = (() => {
    try {
      markdownImages(`${'> '.repeat(50_000)}x`);
    } catch (e) {
      return e;
    }
    return null;
  })();
  expect(err).toMatchObject({ status: 400, message: expect.stringMatching(/nested too deeply/) });
});

describe('safeUrl', () => {
  const web = new Set(['http:', 'https:']);
  test.each([
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['http://example.com/(x)', 'http://example.com/%28x%29'],
    ['javascript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html,x', null],
    ['relative/path', null],
    ['https://trusted.example@evil.example:8080/a:b', 'https://evil.example:8080/a%3Ab'],
    ['', null],
  ])('%s → %s', (raw, expected) => {
    expect(safeUrl(raw, web)).toBe(expected);
  });
});

describe('excerptFromMarkdown', () => {
  test('takes the first ordinary paragraph as plain text', () => {
    expect(excerptFromMarkdown('# Title\n\n> quote\n\n- item\n\n![img](https://x.example/i.png)\n\nThe **first** [real](https://x.example) para\\_graph.\n\nSecond.')).toBe(
      'The first real para_graph.',
    );
  });

  test('is null without a paragraph', () => {
    expect(excerptFromMarkdown('# Only a heading')).toBeNull();
    expect(excerptFromMarkdown('')).toBeNull();
  });

  test('is cut at a word to at most 300 characters', () => {
    const excerpt = excerptFromMarkdown('word '.repeat(100))!;
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  test('truncateText leaves short text alone', () => {
    expect(truncateText('short', 300)).toBe('short');
  });
});
