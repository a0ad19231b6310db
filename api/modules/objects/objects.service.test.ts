import { describe, expect, test } from 'vitest';
import { objectIdFromUrl } from './objects.service';

const ID = '3f2b8c1e-4a5d-4e6f-8a7b-9c0d1e2f3a4b';
const ORIGIN = 'https://site.example';

describe('objectIdFromUrl', () => {
  test.each([
    ['the path', `/objects/${ID}`],
    ['the absolute URL on this origin', `${ORIGIN}/objects/${ID}`],
    ['the absolute URL with the host in capitals', `https://SITE.example/objects/${ID}`],
    ['the id in capitals', `/objects/${ID.toUpperCase()}`],
  ])('when given %s, then the id', (_label, url) => {
    expect(objectIdFromUrl(url, ORIGIN)).toBe(ID);
  });

  test.each([
    ['another site', `https://evil.example/objects/${ID}`],
    ['this host over another scheme', `http://site.example/objects/${ID}`],
    ['this host on another port', `https://site.example:8443/objects/${ID}`],
    ['a protocol-relative URL', `//evil.example/objects/${ID}`],
    ['a query string', `/objects/${ID}?v=1`],
    ['a fragment on the absolute URL', `${ORIGIN}/objects/${ID}#x`],
    ['credentials in the URL', `https://user:pw@site.example/objects/${ID}`],
    ['another path', `/api/objects/${ID}`],
    ['a nested path', `/objects/${ID}/x`],
    ['a traversal', `/objects/../${ID}`],
    ['an id that is not a UUID', '/objects/avatar.png'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['not a URL', 'objects'],
  ])('when given %s, then null', (_label, url) => {
    expect(objectIdFromUrl(url, ORIGIN)).toBeNull();
  });
});
