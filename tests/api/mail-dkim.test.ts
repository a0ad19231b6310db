// Outgoing mail signed with DKIM (docs/decisions/016-outgoing-mail.md, "Signed"): through the real
// queue, sender and a loopback SMTP server, each message's bytes as received checked by mailauth's
// DKIM verifier against the public key a DNS record would publish (a resolver of our own).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, parseDkim, parseSmtpUrl, type MailConfig } from '#api/config';
import { queueMail, startMailSender } from '#api/modules/mail/mail.service';
import { waitUntil } from '../support/server-process';
import { startSmtp, type Smtp } from '../support/smtp-sink';
import { uniqueName, useTestApp } from '../support/test-app';

interface DkimResult {
  signingDomain: string;
  selector: string;
  status: { result: string; comment: string | false; aligned: string | false };
}
type Resolver = (name: string, type: string) => Promise<string[][]>;
const { dkimVerify } = createRequire(import.meta.url)('mailauth/lib/dkim/verify') as {
  dkimVerify: (message: Buffer, opts: { resolver: Resolver }) => Promise<{ results: DkimResult[] }>;
};

const app = useTestApp();
const FROM = '"context is key" <no-reply@news.example.org>';
const SELECTOR = 'cik2026';
let dir: string;
let smtp: Smtp;
let keyFile: string;
let publicKey: string;

/** The TXT record an operator publishes at <selector>._domainkey.<domain>. */
const resolverFor =
  (key: string, at = `${SELECTOR}._domainkey.news.example.org`): Resolver =>
  async (name, type) => {
    if (type === 'TXT' && name === at) return [[`v=DKIM1; k=rsa; p=${key}`]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
  };

function rsaKey(bits: number): { pem: string; publicKey: string } {
  const pair = crypto.generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    pem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

function writeKey(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-dkim-'));
  const key = rsaKey(2048);
  keyFile = writeKey('dkim.pem', key.pem);
  publicKey = key.publicKey;
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One message through the queue and a sender with `mail`'s settings; the bytes the SMTP server got. */
async function sentThrough(mail: MailConfig): Promise<Buffer> {
  const to = `${uniqueName('reader')}@example.com`;
  const before = smtp.received.length;
  await queueMail(app.db, { to, subject: 'Reset your password', text: 'Your link: https://example.org/reset-password?token=abc', html: '<p>Your <b>link</b></p>', kind: 'password-reset' });
  const sender = startMailSender(app.db, { mail }, { holder: uniqueName('dkim-sender'), pollMs: 20 });
  try {
    await waitUntil('the message at the SMTP server', () => smtp.received.length > before);
  } finally {
    await sender.stop();
  }
  const at = smtp.received.findIndex((m, i) => i >= before && m.to && !Array.isArray(m.to) && m.to.value[0]?.address === to);
  return smtp.raw[at]!;
}

describe('DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE', () => {
  test('when both are set, then every message leaves signed for the domain of MAIL_FROM, and the signature verifies against the published key', async () => {
    const config = loadConfig({ NODE_ENV: 'test', MAIL_FROM: FROM, SMTP_URL: smtp.url, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: keyFile });
    expect(config.mail.dkim).toMatchObject({ domainName: 'news.example.org', keySelector: SELECTOR });

    const bytes = await sentThrough(config.mail);

    const [signature, ...more] = (await dkimVerify(bytes, { resolver: resolverFor(publicKey) })).results;
    expect(more).toEqual([]);
    expect(signature).toMatchObject({ signingDomain: 'news.example.org', selector: SELECTOR, status: { result: 'pass', aligned: 'news.example.org' } });
    // The same bytes against another key fail: the check is real.
    const otherKey = rsaKey(2048).publicKey;
    expect((await dkimVerify(bytes, { resolver: resolverFor(otherKey) })).results[0]?.status.result).toBe('fail');
  });

  test('when neither is set, then mail goes unsigned, as before', async () => {
    const bytes = await sentThrough({ smtp: parseSmtpUrl(smtp.url), from: FROM, dir, ratePerSecond: 1000 });
    expect(bytes.toString('latin1')).not.toMatch(/^DKIM-Signature:/im);
  });

  test('when a message is kept as a file (no SMTP_URL), then the file is signed too', async () => {
    const mailDir = path.join(dir, 'files');
    const config = loadConfig({ NODE_ENV: 'test', MAIL_FROM: FROM, MAIL_DIR: mailDir, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: keyFile });
    const sender = startMailSender(app.db, { mail: config.mail }, { holder: uniqueName('dkim-files'), pollMs: 20 });
    try {
      await queueMail(app.db, { to: `${uniqueName('filed')}@example.com`, subject: 'Confirm', text: 'Confirm your address.', kind: 'newsletter-confirm' });
      await waitUntil('an .eml file', () => fs.existsSync(mailDir) && fs.readdirSync(mailDir).some((f) => f.endsWith('.eml')));
    } finally {
      await sender.stop();
    }
    const file = fs.readdirSync(mailDir).find((f) => f.endsWith('.eml'))!;
    const [signature] = (await dkimVerify(fs.readFileSync(path.join(mailDir, file)), { resolver: resolverFor(publicKey) })).results;
    expect(signature?.status.result).toBe('pass');
  });

  test.each([
    ['only the selector', () => ({ DKIM_SELECTOR: SELECTOR }), /DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together/],
    ['only the key file', () => ({ DKIM_PRIVATE_KEY_FILE: keyFile }), /DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together/],
    ['a selector that is no DNS name', () => ({ DKIM_SELECTOR: 'my selector', DKIM_PRIVATE_KEY_FILE: keyFile }), /DKIM_SELECTOR must be a DNS name/],
    ['a key file that is not there', () => ({ DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }), /DKIM_PRIVATE_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/],
  ])('when %s, then the server refuses to start with a message naming the setting', (_case, env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_FROM: FROM, ...env() })).toThrow(message);
  });

  test('when the key file holds no private key, a public key, a short key or an EC key, then each is refused with what is wrong', () => {
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const cases: Array<[string, RegExp]> = [
      ['not a key at all', /must hold an RSA private key/],
      [crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString(), /must hold an RSA private key/],
      [rsaKey(512).pem, /this key has 512 bits/],
      [ec, /an ec key/],
    ];
    for (const [text, message] of cases) {
      expect(() => parseDkim(SELECTOR, writeKey(`${uniqueName('k')}.pem`, text), FROM)).toThrow(message);
    }
  });

  test('when MAIL_FROM is a bare address or names its domain in capitals, then the signing domain is that domain, in lower case', () => {
    expect(parseDkim(SELECTOR, keyFile, 'no-reply@Example.ORG')?.domainName).toBe('example.org');
    expect(parseDkim(undefined, undefined, FROM)).toBeNull();
  });
});
