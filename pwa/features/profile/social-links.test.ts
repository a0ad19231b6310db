import { readSocialLinks, socialLink, socialLinksJson, websiteLink } from './social-links';

describe('social links', () => {
  test('the stored JSON reads as form values; legacy twitter is X; junk reads as empty', () => {
    expect(readSocialLinks('{"x":"a","instagram":"b"}')).toEqual({ x: 'a', instagram: 'b' });
    expect(readSocialLinks('{"twitter":"legacy"}')).toEqual({ x: 'legacy', instagram: '' });
    expect(readSocialLinks('{"x":"new","twitter":"legacy"}')).toEqual({ x: 'new', instagram: '' });
    expect(readSocialLinks('not json')).toEqual({ x: '', instagram: '' });
    expect(readSocialLinks(null)).toEqual({ x: '', instagram: '' });
  });

  test('socialLinksJson drops empty links and gives nothing when both are empty', () => {
    expect(socialLinksJson('me', '')).toBe('{"x":"me"}');
    expect(socialLinksJson(' ', ' insta ')).toBe('{"instagram":"insta"}');
    expect(socialLinksJson('', '')).toBeUndefined();
  });

  test('a handle or a profile URL links to the network; another http(s) address as given; anything else not at all', () => {
    expect(socialLink('x', 'jane')).toEqual({ href: 'https://x.com/jane', label: '@jane' });
    expect(socialLink('x', '@jane_doe')).toEqual({ href: 'https://x.com/jane_doe', label: '@jane_doe' });
    expect(socialLink('x', 'https://twitter.com/jane')).toEqual({ href: 'https://x.com/jane', label: '@jane' });
    expect(socialLink('x', 'x.com/jane')).toEqual({ href: 'https://x.com/jane', label: '@jane' });
    expect(socialLink('instagram', 'https://www.instagram.com/jane.d/')).toEqual({ href: 'https://instagram.com/jane.d', label: '@jane.d' });
    expect(socialLink('x', 'https://bsky.app/profile/jane')).toEqual({ href: 'https://bsky.app/profile/jane', label: 'bsky.app/profile/jane' });
    expect(socialLink('x', 'javascript:alert(1)')).toBeNull();
    expect(socialLink('instagram', 'two words')).toBeNull();
  });

  test('websites link only when they are http(s)', () => {
    expect(websiteLink('https://example.com/')).toEqual({ href: 'https://example.com/', label: 'example.com' });
    expect(websiteLink('javascript:alert(1)')).toBeNull();
  });
});
