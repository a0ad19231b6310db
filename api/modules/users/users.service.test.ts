import { describe, expect, test } from 'vitest';
import { usernameSchema } from '#contract';
import type { UserRow } from './users.repo';
import { isEditor, normalizeSocialLinks, toUser } from './users.service';

describe('usernameSchema', () => {
  test.each(['abc', 'a'.repeat(20), 'Alice_99', '___', '123'])('when the username is %j, then it is accepted', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  test('when the username has spaces around it, then it is trimmed', () => {
    expect(usernameSchema.parse('  alice  ')).toBe('alice');
  });

  test.each([
    ['too short', 'ab', 'Username must be 3-20 characters'],
    ['too short once trimmed', '  ab  ', 'Username must be 3-20 characters'],
    ['too long', 'a'.repeat(21), 'Username must be 3-20 characters'],
    ['with a hyphen', 'bad-name', 'Username may contain only letters, numbers and underscores'],
    ['with a space inside', 'bad name', 'Username may contain only letters, numbers and underscores'],
    ['with a dot', 'a.b.c', 'Username may contain only letters, numbers and underscores'],
    ['with a non-ASCII letter', 'jösé', 'Username may contain only letters, numbers and underscores'],
  ])('when the username is %s, then it is refused with a message', (_label, name, message) => {
    const result = usernameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  test.each([undefined, null, 42, ['alice']])('when the username is %j, then "Username is required"', (value) => {
    const result = usernameSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Username is required');
  });
});

describe('isEditor', () => {
  test('when the stored role is editor, then it is an editor', () => {
    expect(isEditor({ role: 'editor' })).toBe(true);
  });

  test('when the stored role is user, then it is not, whatever the username (no name makes an editor)', () => {
    expect(isEditor({ role: 'user' })).toBe(false);
  });
});

describe('normalizeSocialLinks', () => {
  test.each([
    ['x and instagram', '{"x":"@me","instagram":"me.ig"}', '{"x":"@me","instagram":"me.ig"}'],
    ['the legacy twitter key', '{"twitter":"@old"}', '{"x":"@old"}'],
    ['x and twitter both', '{"x":"@new","twitter":"@old"}', '{"x":"@new"}'],
    ['an empty x beside twitter', '{"x":"","twitter":"@old"}', '{"x":"@old"}'],
    ['values with spaces around them', '{"x":"  @me  "}', '{"x":"@me"}'],
    ['unknown keys', '{"x":"@me","facebook":"fb"}', '{"x":"@me"}'],
    ['only empty values', '{"x":"","instagram":"   "}', null],
    ['an empty object', '{}', null],
    ['nothing', undefined, null],
    ['null', null, null],
    ['an empty string', '', null],
    ['text that is not JSON', '{x:', null],
    ['a JSON array', '["@me"]', null],
    ['a non-string value', '{"x":5}', null],
  ])('when given %s, then %j', (_label, raw, expected) => {
    expect(normalizeSocialLinks(raw)).toBe(expected);
  });
});

describe('toUser', () => {
  const row: UserRow = {
    id: 7,
    username: 'alice',
    email: 'alice@example.com',
    name: 'Alice',
    password_hash: 'scrypt$16384$8$1$salt$key',
    role: 'user',
    role_granted_at: null,
    avatar_url: '/objects/00000000-0000-4000-8000-000000000000',
    bio: null,
    website: null,
    social_links: '{"twitter":"@alice"}',
    created_at: new Date('2025-01-02T03:04:05Z'),
    updated_at: '2025-01-02T03:04:05.000Z',
  };

  test('when shown to its owner, then the email is in and the hash never is', () => {
    const user = toUser(row, { includeEmail: true });
    expect(user.email).toBe('alice@example.com');
    expect(JSON.stringify(user)).not.toContain('scrypt$');
    expect(user.createdAt).toBe('2025-01-02T03:04:05.000Z');
    expect(user.socialLinks).toBe('{"x":"@alice"}');
  });

  test('when shown to anyone else, then there is no email key at all', () => {
    expect(toUser(row, { includeEmail: false })).not.toHaveProperty('email');
  });
});
