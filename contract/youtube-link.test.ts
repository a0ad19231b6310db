import { describe, expect, test } from 'vitest';
import { parseYoutubeLink } from './youtube-link';

const ID = 'dQw4w9WgXcQ';

describe('parseYoutubeLink', () => {
  test.each([
    ['a watch link', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch link without www', `https://youtube.com/watch?v=${ID}`],
    ['a mobile watch link', `https://m.youtube.com/watch?v=${ID}`],
    ['a watch link over http', `http://www.youtube.com/watch?v=${ID}`],
    ['a watch link with a time and a playlist', `https://www.youtube.com/watch?v=${ID}&t=42s&list=PL123`],
    ['a watch link whose v is not first', `https://www.youtube.com/watch?feature=share&v=${ID}`],
    ['a watch link without a scheme', `www.youtube.com/watch?v=${ID}`],
    ['a watch link with an upper-case host', `https://WWW.YouTube.com/watch?v=${ID}`],
    ['a youtu.be link', `https://youtu.be/${ID}`],
    ['a youtu.be link with a share id and a time', `https://youtu.be/${ID}?si=abc123&t=10`],
    ['a youtu.be link without a scheme', `youtu.be/${ID}`],
    ['a live link', `https://www.youtube.com/live/${ID}`],
    ['a live link with a share id', `https://youtube.com/live/${ID}?si=xyz`],
    ['an embed link', `https://www.youtube.com/embed/${ID}`],
    ['an embed link with a start', `https://www.youtube.com/embed/${ID}?start=30`],
    ['a privacy-enhanced embed link', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['a bare id', ID],
    ['a bare id with - and _', 'a-B_c1-D_e2'],
    ['a link with spaces around it', `  https://youtu.be/${ID}\n`],
    ['a link with a trailing slash', `https://www.youtube.com/embed/${ID}/`],
  ])('%s names a full-length video', (_label, link) => {
    const parsed = parseYoutubeLink(link);
    expect(parsed).not.toBeNull();
    expect(parsed!.isShort).toBe(false);
    expect(parsed!.youtubeId).toBe(link.includes(ID) ? ID : link);
  });

  test.each([
    ['a shorts link', `https://www.youtube.com/shorts/${ID}`],
    ['a shorts link without www', `https://youtube.com/shorts/${ID}`],
    ['a mobile shorts link', `https://m.youtube.com/shorts/${ID}`],
    ['a shorts link with a share id', `https://youtube.com/shorts/${ID}?si=AbC`],
    ['a shorts link with a trailing slash', `https://www.youtube.com/shorts/${ID}/`],
    ['a shorts link without a scheme', `youtube.com/shorts/${ID}`],
  ])('%s names a short', (_label, link) => {
    expect(parseYoutubeLink(link)).toEqual({ youtubeId: ID, isShort: true });
  });

  test('keeps the id as written: ids are case-sensitive', () => {
    expect(parseYoutubeLink('https://youtu.be/ABCdefGHI_-')?.youtubeId).toBe('ABCdefGHI_-');
  });

  test.each([
    ['an empty string', ''],
    ['blanks', '   '],
    ['an id of 10 characters', 'dQw4w9WgXc'],
    ['an id of 12 characters', 'dQw4w9WgXcQQ'],
    ['an id with a character outside the alphabet', 'dQw4w9WgX!Q'],
    ['a watch link with a short id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a watch link with a long id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a watch link without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a youtu.be link with a long id', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['a youtu.be link with a path after the id', `https://youtu.be/${ID}/more`],
    ['a shorts link with a short id', 'https://www.youtube.com/shorts/abc'],
    ['a shorts link with nothing after it', 'https://www.youtube.com/shorts/'],
    ['a channel', 'https://www.youtube.com/@someone'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL123'],
    ['the home page', 'https://www.youtube.com/'],
    ['a shorts id on youtu.be', `https://youtu.be/shorts/${ID}`],
    ['a watch link on the privacy-enhanced host', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['another host', `https://vimeo.com/${ID}`],
    ['another host with a watch path', `https://example.com/watch?v=${ID}`],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['a host that ends like YouTube', `https://notyoutube.com/watch?v=${ID}`],
    ['an unlisted subdomain', `https://music.youtube.com/watch?v=${ID}`],
    ['a user name before the host', `https://youtube.com@evil.example/watch?v=${ID}`],
    ['credentials in the link', `https://user:pass@www.youtube.com/watch?v=${ID}`],
    ['a port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['a javascript: link', `javascript:alert('${ID}')`],
    ['a javascript: link named like a watch link', `javascript://www.youtube.com/watch?v=${ID}`],
    ['a data: link', `data:text/html,${ID}`],
    ['an ftp link', `ftp://www.youtube.com/watch?v=${ID}`],
    ['text that is not a link', 'my favourite sermon'],
    ['a relative path', `/watch?v=${ID}`],
  ])('%s names no video', (_label, link) => {
    expect(parseYoutubeLink(link)).toBeNull();
  });
});
