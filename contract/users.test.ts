import { describe, expect, test } from 'vitest';
import { isSocialLink, isWebAddress, passwordSchema, updateProfileInputSchema } from './users';

// The profile form and the API share these rules: what one refuses, the other explains the same way.
describe('profile links', () => {
  test.each([
    ['\u0001javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['data:text/html,x'],
    ['vbscript:x'],
    ['mailto:a@example.com'],
    ['https://example.com/\u0001'],
  ])('%j is not a social link', (value) => {
    expect(isSocialLink(value)).toBe(false);
    const result = updateProfileInputSchema.safeParse({ socialLinks: JSON.stringify({ x: value }) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Social links must be a handle or an http(s) address');
  });

  test.each([['jane'], ['@jane'], ['x.com/jane'], ['jane.doe_1'], ['https://instagram.com/jane'], ['http://x.com/jane']])('%j is a social link', (value) => {
    expect(isSocialLink(value)).toBe(true);
    expect(updateProfileInputSchema.safeParse({ socialLinks: JSON.stringify({ instagram: value }) }).success).toBe(true);
  });

  test.each([['\u0001https://example.org'], ['ht\ttps://example.org'], ['https://exa\u0001mple.org'], ['javascript://example.org/%0Aalert(1)'], ['https://localhost'], ['example.org']])(
    '%j is not a website',
    (website) => {
      expect(isWebAddress(website)).toBe(false);
      const result = updateProfileInputSchema.safeParse({ website });
      expect(result.error?.issues[0]?.message).toBe('Website must be a web address starting with http:// or https://');
    },
  );

  test('an http(s) website is kept as written', () => {
    expect(updateProfileInputSchema.parse({ website: '  https://example.org/me  ' }).website).toBe('https://example.org/me');
  });

  test('socialLinks that is not a JSON object keeps its own message', () => {
    expect(updateProfileInputSchema.safeParse({ socialLinks: '["x"]' }).error?.issues[0]?.message).toBe('socialLinks must be a JSON object with x and instagram');
  });
});

describe('passwordSchema', () => {
  test.each([['        '], ['\t\t\t\t\n\n\n\n'], ['\u00a0'.repeat(8)]])('%j is blank: the form and the API say so', (password) => {
    expect(passwordSchema.safeParse(password).error?.issues.map((i) => i.message)).toEqual(['Password cannot be blank']);
  });

  test('a password with spaces around it is kept as typed', () => {
    expect(passwordSchema.parse('  spaced out  ')).toBe('  spaced out  ');
  });
});
