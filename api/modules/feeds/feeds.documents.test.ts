import { describe, expect, test } from 'vitest';
import { absoluteHttpUrl, escapeHtml, withoutInvalidXmlChars } from './feeds.documents';

describe('withoutInvalidXmlChars', () => {
  test('drops what XML 1.0 cannot carry and keeps everything else, astral characters included', () => {
    expect(withoutInvalidXmlChars('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF')).toBe('abcdef');
    expect(withoutInvalidXmlChars('lone \uD800 surrogate \uDC00')).toBe('lone  surrogate ');
    expect(withoutInvalidXmlChars('tab\tline\nreturn\r é – ✝ 😀 \uE000')).toBe('tab\tline\nreturn\r é – ✝ 😀 \uE000');
  });
});

describe('escapeHtml', () => {
  test('turns plain text into HTML that shows the same text', () => {
    expect(escapeHtml(`<script>alert("x") & 'y'</script>`)).toBe(`&lt;script&gt;alert("x") &amp; 'y'&lt;/script&gt;`);
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('absoluteHttpUrl', () => {
  test('keeps http(s) addresses, resolves site-relative ones, and drops the rest', () => {
    expect(absoluteHttpUrl('https://cdn.example.net/a.png?x=1&y=2', 'https://example.org')).toBe('https://cdn.example.net/a.png?x=1&y=2');
    expect(absoluteHttpUrl('/objects/abc', 'https://example.org')).toBe('https://example.org/objects/abc');
    for (const bad of [null, '', '  ', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://[bad']) {
      expect(absoluteHttpUrl(bad, 'https://example.org'), String(bad)).toBeUndefined();
    }
  });
});
