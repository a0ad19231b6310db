import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '#api/config';
import type { QueuedMail } from './mail.repo';

/** Hands one message to the world: an SMTP server, or a file. Resolves with where it went; throws nodemailer's error. */
export interface MailTransport {
  send: (mail: QueuedMail) => Promise<string>;
  close: () => void;
}

function messageOf(mail: QueuedMail, from: string) {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined, headers: mail.headers };
}

/**
 * The transport SMTP_URL asks for; none: each message as an `.eml` file (RFC 822 bytes from
 * nodemailer's stream transport) in MAIL_DIR and one log line, so `npm start` needs no mail server.
 * `connections`: how many SMTP connections the pool may open (the sender's messages in flight).
 * SMTP waits are bounded, so a send lasts well under the sender's lease and its stuck-claim timeout.
 */
export function createMailTransport(config: MailConfig, { connections = 1 }: { connections?: number } = {}): MailTransport {
  const smtp = config.smtp;
  if (smtp) {
    // Pooled: a newsletter's thousands of messages reuse a few connections (each kept for up to
    // 100 messages) instead of a TCP and TLS handshake and a greeting each.
    const transporter = nodemailer.createTransport({
      pool: true,
      maxConnections: connections,
      maxMessages: 100,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ignoreTLS: smtp.ignoreTLS,
      requireTLS: smtp.requireTLS,
      auth: smtp.auth ?? undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      dkim: config.dkim ?? undefined,
    });
    return {
      send: async (mail) => {
        const info = await transporter.sendMail(messageOf(mail, config.from));
        return `smtp ${smtp.host}:${smtp.port} ${String(info.messageId)}`;
      },
      close: () => transporter.close(),
    };
  }
  // Signed as over SMTP, so a message kept as a file can be checked as it would have gone.
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', dkim: config.dkim ?? undefined });
  return {
    send: async (mail) => {
      const info = await transporter.sendMail(messageOf(mail, config.from));
      await fs.mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      console.log(`[mail] to ${mail.to}, subject "${mail.subject}": written to ${file}`);
      return file;
    },
    close: () => transporter.close(),
  };
}

/**
 * Deletes the `.eml` files in `dir` (MAIL_DIR) written more than `keepDays` days before `now`, as
 * the queue's rows go (docs/decisions/016-outgoing-mail.md, "How long mail is kept"): each holds a
 * reader's address and perhaps a link made for them. Only `.eml` files directly in `dir`; a folder
 * that is not there holds none. Returns how many went.
 */
export async function deleteOldMailFiles(dir: string, keepDays: number, now: number = Date.now()): Promise<number> {
  const before = now - keepDays * 24 * 60 * 60 * 1000;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
