import { describe, expect, test } from 'vitest';
import { MAX_TOKEN_LENGTH, MAX_TOKENS, toFtsMatch, tokenize, toTsQuery } from './full-text';

describe('tokenize', () => {
  test('when given words and punctuation, then only lower-cased letters and digits remain', () => {
    expect(tokenize('  The "Resurrection", 1 Cor. 15!  ')).toEqual(['the', 'resurrection', '1', 'cor', '15']);
  });

  test.each([
    ['quotes', '"""'],
    ['stars', '***'],
    ['percent', '%%'],
    ['SQL', "'; --"],
    ['emoji', '🙏🔥✝️'],
    ['blank', '   '],
    ['empty', ''],
  ])('when given only %s, then there is no token', (_label, q) => {
    expect(tokenize(q)).toEqual([]);
  });

  test('when given query syntax, then operators become plain words', () => {
    expect(tokenize("' OR 1=1 -- NEAR(a b) AND OR NOT x*")).toEqual(['or', '1', 'near', 'a', 'b', 'and', 'not', 'x']);
  });

  test('when given letters of any script, then they are kept', () => {
    expect(tokenize('Évangile 日本語 Ἰησοῦς')).toEqual(['évangile', '日本語', 'ἰησοῦς']);
  });

  test('when given more than the maximum words, then only the first ones count', () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(tokenize(words.join(' '))).toEqual(words.slice(0, MAX_TOKENS));
  });

  test('when a word is very long, then it is cut by code points', () => {
    const long = '𝐀'.repeat(100);
    const [token] = tokenize(long);
    expect(Array.from(token!)).toHaveLength(MAX_TOKEN_LENGTH);
    expect(token).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  test('when a word repeats, then it appears once', () => {
    expect(tokenize('grace Grace GRACE')).toEqual(['grace']);
  });

  test('when given 1000 characters of mixed punctuation, then a few safe tokens come out', () => {
    const q = '"*%\'();:-^{}[]<>|&!~ab'.repeat(50).slice(0, 1000);
    const tokens = tokenize(q);
    expect(tokens.length).toBeLessThanOrEqual(MAX_TOKENS);
    for (const t of tokens) expect(t).toMatch(/^[\p{L}\p{N}]+$/u);
  });
});

describe('toFtsMatch', () => {
  test('when given tokens, then each is a quoted prefix phrase, all required', () => {
    expect(toFtsMatch(['resur', 'faith'])).toBe('"resur"* "faith"*');
  });

  test('when a word is one character, then it matches as a whole word', () => {
    expect(toFtsMatch(['1', 'cor'])).toBe('"1" "cor"*');
  });
});

describe('toTsQuery', () => {
  test('when given tokens, then each is a quoted prefix lexeme joined by AND', () => {
    expect(toTsQuery(['resur', 'faith'])).toBe("'resur':* & 'faith':*");
  });

  test('when a word is one character, then it matches as a whole word', () => {
    expect(toTsQuery(['1', 'cor'])).toBe("'1' & 'cor':*");
  });
});
