import { parseSocialLinks } from './social-links';

describe('parseSocialLinks (a stored row read back)', () => {
  test('x and instagram, trimmed; the older twitter reads as x when there is no x', () => {
    expect(parseSocialLinks(JSON.stringify({ x: ' @grace ', instagram: 'https://instagram.com/grace' }))).toEqual({ x: '@grace', instagram: 'https://instagram.com/grace' });
    expect(parseSocialLinks(JSON.stringify({ twitter: '@old' }))).toEqual({ x: '@old' });
    expect(parseSocialLinks(JSON.stringify({ x: '', twitter: '@old' }))).toEqual({ x: '@old' });
    expect(parseSocialLinks(JSON.stringify({ x: '@new', twitter: '@old' }))).toEqual({ x: '@new' });
  });

  test('a link stored before the link rule is still read, as it is', () => {
    expect(parseSocialLinks(JSON.stringify({ x: 'javascript:alert(1)' }))).toEqual({ x: 'javascript:alert(1)' });
  });

  test('other keys are left out; empty links are none', () => {
    expect(parseSocialLinks(JSON.stringify({ x: '@grace', facebook: 'grace' }))).toEqual({ x: '@grace' });
    expect(parseSocialLinks(JSON.stringify({ x: '  ', instagram: '' }))).toEqual({});
  });

  test.each([
    ['nothing', null],
    ['an empty text', ''],
    ['text that is not JSON', '{oops'],
    ['JSON null', 'null'],
    ['an array', JSON.stringify(['@grace'])],
    ['a string', JSON.stringify('@grace')],
    ['a link that is not text', JSON.stringify({ x: 7, instagram: 'grace' })],
    ['a link longer than 200 characters', JSON.stringify({ x: 'a'.repeat(201), instagram: 'grace' })],
  ])('%s reads as no links', (_label, raw) => {
    expect(parseSocialLinks(raw)).toEqual({});
  });
});
