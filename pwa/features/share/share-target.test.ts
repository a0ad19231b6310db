import { shareTargetDestination } from './share-target';

const SITE = 'https://contextiskey.example';

describe('shareTargetDestination: where a share from another app leads', () => {
  test('a link to one of our pages opens that page, query and fragment kept', () => {
    expect(shareTargetDestination({ url: `${SITE}/blog/12` }, SITE)).toBe('/blog/12');
    expect(shareTargetDestination({ url: `${SITE}/search?q=grace#top` }, SITE)).toBe('/search?q=grace#top');
  });

  test('apps that put the link in the text: our link is found there', () => {
    expect(shareTargetDestination({ title: 'Worth a watch', text: `Look at this ${SITE}/watch/3 from the study` }, SITE)).toBe('/watch/3');
  });

  test('text, a title or a foreign link is searched for, by its words first', () => {
    expect(shareTargetDestination({ text: 'the sermon on the mount' }, SITE)).toBe('/search?q=the%20sermon%20on%20the%20mount');
    expect(shareTargetDestination({ title: 'Romans 8', text: 'https://elsewhere.example/romans-8' }, SITE)).toBe('/search?q=Romans%208');
    expect(shareTargetDestination({ url: 'https://elsewhere.example/a' }, SITE)).toBe(`/search?q=${encodeURIComponent('https://elsewhere.example/a')}`);
  });

  test('another origin that only looks like ours, a share back to /share, or nothing at all: never a loop, never elsewhere', () => {
    expect(shareTargetDestination({ url: `${SITE}.evil.example/blog/1` }, SITE)).toMatch(/^\/search\?q=/);
    expect(shareTargetDestination({ url: `${SITE}/share?url=x` }, SITE)).toMatch(/^\/search\?q=/);
    expect(shareTargetDestination({}, SITE)).toBe('/');
    expect(shareTargetDestination({ title: '  ', text: '\n', url: '' }, SITE)).toBe('/');
    expect(shareTargetDestination({ url: 'javascript:alert(1)' }, SITE)).toBe(`/search?q=${encodeURIComponent('javascript:alert(1)')}`);
  });

  test('a very long text is cut to a search of 200 characters', () => {
    const q = new URLSearchParams(shareTargetDestination({ text: 'word '.repeat(200) }, SITE).split('?')[1]).get('q')!;
    expect(q.length).toBeLessThanOrEqual(200);
  });
});
