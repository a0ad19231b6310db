import { describe, expect, test } from 'vitest';
import { grantEditor } from '../support/fixtures';
import { signUp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const app = useTestApp();

async function newUser(username = uniqueName()) {
  const client = app.client();
  const user = await signUp(client, username);
  return { client, user };
}

/** Uploads a PNG as the given user; returns its absolute objectURL. */
async function uploadPng(client: ApiClient): Promise<string> {
  const ticket = await client.post('/api/objects/upload');
  const res = await client.put(ticket.body.uploadURL, undefined, { raw: PNG, headers: { 'content-type': 'image/png' } });
  expect(res.status).toBe(200);
  return res.body.objectURL as string;
}

const PUBLIC_FIELDS = ['avatarUrl', 'bio', 'createdAt', 'id', 'isEditor', 'name', 'socialLinks', 'username', 'website'];

describe('GET /api/users/:id', () => {
  test('when anyone asks, then the public profile comes back without email or password hash', async () => {
    const { user } = await newUser();
    const res = await app.client().get(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(PUBLIC_FIELDS);
    expect(res.body).toMatchObject({ id: user.id, username: user.username, avatarUrl: null, bio: null, website: null, socialLinks: null, isEditor: false });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(res.text).not.toMatch(/password|scrypt\$/i);
  });

  test('when another signed-in user asks, then still no email', async () => {
    const { user } = await newUser();
    const { client: other } = await newUser();
    const res = await other.get(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.email).toBeUndefined();
  });

  test('when the user asks for their own record, then the email is included', async () => {
    const { client, user } = await newUser();
    const res = await client.get(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email);
  });

  test('when the user holds the editor role, then isEditor is true; a name alone (Editor) never makes one', async () => {
    const { user: named } = await newUser('Editor');
    expect((await app.client().get(`/api/users/${named.id}`)).body.isEditor).toBe(false);
    const { user: promoted } = await newUser();
    await grantEditor(app.db, promoted.username);
    expect((await app.client().get(`/api/users/${promoted.id}`)).body.isEditor).toBe(true);
  });

  test.each([
    ['an unknown id', '999999'],
    ['a non-numeric id', 'abc'],
    ['a negative id', '-1'],
    ['a fractional id', '1.5'],
    ['an id past the integer range', '99999999999999999999'],
  ])('when given %s, then 404 JSON', async (_label, id) => {
    const res = await app.client().get(`/api/users/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found.');
  });
});

describe('PUT /api/users/:id/profile', () => {
  test('when the user saves bio, website and social links, then they are stored and the user comes back with email', async () => {
    const { client, user } = await newUser();
    const body = { bio: '  Reformed, reading Augustine.  ', website: 'https://example.org/me', socialLinks: JSON.stringify({ x: '@reader', instagram: 'reader.ig' }) };
    const res = await client.put(`/api/users/${user.id}/profile`, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, bio: 'Reformed, reading Augustine.', website: 'https://example.org/me' });
    expect(JSON.parse(res.body.socialLinks)).toEqual({ x: '@reader', instagram: 'reader.ig' });
    expect(res.text).not.toMatch(/password|scrypt\$/i);
    const publicView = await app.client().get(`/api/users/${user.id}`);
    expect(publicView.body).toMatchObject({ bio: 'Reformed, reading Augustine.', website: 'https://example.org/me', socialLinks: res.body.socialLinks });
  });

  test('when fields are empty or omitted, then they are stored as null', async () => {
    const { client, user } = await newUser();
    await client.put(`/api/users/${user.id}/profile`, { bio: 'b', website: 'https://a.example', socialLinks: '{"x":"a"}' });
    const res = await client.put(`/api/users/${user.id}/profile`, { bio: '', website: '   ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: null, website: null, socialLinks: null });
    const row = await app.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({ bio: null, website: null, social_links: null });
  });

  test.each([
    ['the legacy twitter key', { twitter: '@old', instagram: 'ig' }, { x: '@old', instagram: 'ig' }],
    ['x alongside twitter', { x: '@new', twitter: '@old' }, { x: '@new' }],
    ['empty values', { x: '', instagram: '  ' }, null],
    ['an empty object', {}, null],
    ['unknown keys', { x: 'me', facebook: 'fb' }, { x: 'me' }],
    ['an https address', { instagram: 'https://instagram.com/me' }, { instagram: 'https://instagram.com/me' }],
  ])('when socialLinks holds %s, then it is stored normalised', async (_label, links, expected) => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/profile`, { socialLinks: JSON.stringify(links) });
    expect(res.status).toBe(200);
    expect(res.body.socialLinks === null ? null : JSON.parse(res.body.socialLinks)).toEqual(expected);
    const row = await app.db('users').where({ id: user.id }).first();
    expect(row.social_links).toBe(res.body.socialLinks);
  });

  test('when a stored profile still has the legacy twitter key, then it is read as x', async () => {
    const { user } = await newUser();
    await app.db('users').where({ id: user.id }).update({ social_links: '{"twitter":"@legacy"}' });
    const res = await app.client().get(`/api/users/${user.id}`);
    expect(JSON.parse(res.body.socialLinks)).toEqual({ x: '@legacy' });
  });

  test.each([
    ['a website without http(s)', { website: 'javascript:alert(1)' }],
    ['a website that is not an address', { website: 'my site' }],
    ['socialLinks that is not JSON', { socialLinks: '{x:' }],
    ['socialLinks that is a JSON array', { socialLinks: '["x"]' }],
    ['socialLinks with a non-string value', { socialLinks: '{"x":5}' }],
    ['socialLinks as an object instead of a string', { socialLinks: { x: 'a' } }],
    ['a bio over 1000 characters', { bio: 'a'.repeat(1001) }],
    ['a numeric bio', { bio: 42 }],
  ])('when given %s, then 400 with a message and nothing changes', async (_label, body) => {
    const { client, user } = await newUser();
    await client.put(`/api/users/${user.id}/profile`, { bio: 'kept' });
    const res = await client.put(`/api/users/${user.id}/profile`, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await app.db('users').where({ id: user.id }).first()).bio).toBe('kept');
  });

  test('when a social link uses a script scheme, then 400', async () => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/profile`, { socialLinks: JSON.stringify({ x: 'javascript:alert(1)' }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/handle or an http/);
  });

  // A browser's URL parser drops leading control characters and tabs inside a scheme: these are javascript: links.
  test.each([
    ['x', 'a leading control character', '\u0001javascript:alert(1)'],
    ['x', 'a tab inside the scheme', 'java\tscript:alert(1)'],
    ['instagram', 'a newline inside the scheme', 'java\nscript:alert(1)'],
    ['instagram', 'a leading NUL and spaces', '\u0000 javascript:alert(1)'],
    ['x', 'a data: address', ' data:text/html,<script>alert(1)</script>'],
  ])('when the %s link has %s, then 400 with a message naming the rule and nothing is stored', async (network, _label, value) => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/profile`, { socialLinks: JSON.stringify({ [network]: value }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Social links must be a handle or an http\(s\) address/);
    expect((await app.db('users').where({ id: user.id }).first()).social_links).toBeNull();
  });

  test.each([
    ['a leading control character', '\u0001https://example.org'],
    ['a control character inside', 'https://exa\u0001mple.org/'],
    ['a tab inside the scheme', 'ht\ttps://example.org'],
  ])('when the website has %s, then 400 with a message and nothing is stored', async (_label, website) => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/profile`, { website });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Website must be a web address starting with http:\/\/ or https:\/\//);
    expect((await app.db('users').where({ id: user.id }).first()).website).toBeNull();
  });

  test('when signed out, then 401', async () => {
    const { user } = await newUser();
    const res = await app.client().put(`/api/users/${user.id}/profile`, { bio: 'hacked' });
    expect(res.status).toBe(401);
    expect((await app.db('users').where({ id: user.id }).first()).bio).toBeNull();
  });

  test('when another user tries, then 403 and nothing changes', async () => {
    const { user } = await newUser();
    const { client: other } = await newUser();
    const res = await other.put(`/api/users/${user.id}/profile`, { bio: 'hacked' });
    expect(res.status).toBe(403);
    expect((await app.db('users').where({ id: user.id }).first()).bio).toBeNull();
  });

  test('when the id in the path is not a number, then 403 (it cannot be the signed-in user)', async () => {
    const { client } = await newUser();
    const res = await client.put('/api/users/abc/profile', { bio: 'x' });
    expect(res.status).toBe(403);
  });

  test('when another site posts, then 403', async () => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/profile`, { bio: 'csrf' }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/users/:id/avatar', () => {
  test('when the user sets an object they uploaded (absolute URL), then its path is stored and returned', async () => {
    const { client, user } = await newUser();
    const objectURL = await uploadPng(client);
    const res = await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: objectURL });
    expect(res.status).toBe(200);
    const objectPath = new URL(objectURL).pathname;
    expect(res.body).toMatchObject({ id: user.id, email: user.email, avatarUrl: objectPath });
    expect((await app.db('users').where({ id: user.id }).first()).avatar_url).toBe(objectPath);
    expect((await app.client().get(`/api/users/${user.id}`)).body.avatarUrl).toBe(objectPath);
    const image = await app.client().get(objectPath);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  test('when a new avatar replaces the old one, then the old image is gone (404) and the new one is served', async () => {
    const { client, user } = await newUser();
    const first = new URL(await uploadPng(client)).pathname;
    expect((await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: first })).status).toBe(200);
    const second = new URL(await uploadPng(client)).pathname;
    expect((await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: second })).status).toBe(200);
    expect((await app.client().get(first)).status).toBe(404);
    expect(await app.db('uploaded_objects').where({ id: first.split('/').pop() }).first()).toBeUndefined();
    expect((await app.client().get(second)).status).toBe(200);
    // Setting the same image again keeps it.
    expect((await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: second })).status).toBe(200);
    expect((await app.client().get(second)).status).toBe(200);
  });

  test('when the user sets an object they uploaded by its path, then it is accepted', async () => {
    const { client, user } = await newUser();
    const objectPath = new URL(await uploadPng(client)).pathname;
    const res = await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: objectPath });
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toBe(objectPath);
  });

  test.each([
    ['another site', 'https://evil.example/objects/00000000-0000-4000-8000-000000000000'],
    ['a protocol-relative URL', '//evil.example/objects/00000000-0000-4000-8000-000000000000'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a path that is not an object', '/api/users/1'],
    ['an unknown object', '/objects/00000000-0000-4000-8000-000000000000'],
    ['an empty string', ''],
  ])('when avatarUrl is %s, then 400 with a message', async (_label, avatarUrl) => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/avatar`, { avatarUrl });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await app.db('users').where({ id: user.id }).first()).avatar_url).toBeNull();
  });

  test('when the object is on this origin but with a query string, then 400', async () => {
    const { client, user } = await newUser();
    const objectURL = await uploadPng(client);
    const res = await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: `${objectURL}?x=1` });
    expect(res.status).toBe(400);
  });

  test('when the object was uploaded by another user, then 403', async () => {
    const { client: uploader } = await newUser();
    const objectURL = await uploadPng(uploader);
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: objectURL });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/another user/);
  });

  test('when the object is still pending (never uploaded), then 400', async () => {
    const { client, user } = await newUser();
    const ticket = await client.post('/api/objects/upload');
    const row = await app.db('uploaded_objects').where({ upload_token: ticket.body.uploadURL.split('/').pop() }).first();
    const res = await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: `/objects/${row.id}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not finished uploading/);
  });

  test('when avatarUrl is missing, then 400 with issues', async () => {
    const { client, user } = await newUser();
    const res = await client.put(`/api/users/${user.id}/avatar`, {});
    expect(res.status).toBe(400);
    expect(res.body.issues).toBeInstanceOf(Array);
  });

  test('when signed out, then 401', async () => {
    const { client: uploader, user } = await newUser();
    const objectURL = await uploadPng(uploader);
    const res = await app.client().put(`/api/users/${user.id}/avatar`, { avatarUrl: objectURL });
    expect(res.status).toBe(401);
  });

  test("when another user sets someone else's avatar, then 403", async () => {
    const { client: victimClient, user: victim } = await newUser();
    const objectURL = await uploadPng(victimClient);
    const { client: other } = await newUser();
    const res = await other.put(`/api/users/${victim.id}/avatar`, { avatarUrl: objectURL });
    expect(res.status).toBe(403);
    expect((await app.db('users').where({ id: victim.id }).first()).avatar_url).toBeNull();
  });
});
