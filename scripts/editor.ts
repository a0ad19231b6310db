// `npm run editor -- grant|revoke|list`: gives or takes back the editor role (blog create, import,
// feature, delete) on the database the server uses (DATABASE_URL, from the environment or .env,
// as `npm start` reads it). Run it where the server runs; the server reads the role on every
// request, so a change counts from that user's next request, with no restart and no new sign-in.
import fs from 'node:fs';
import { parseDatabaseUrl, type DatabaseConfig } from '#api/config';
import { createDb, migrate } from '#api/db';
import { AppError } from '#api/errors';
import { rolesService, type EditorListing } from '#api/modules/users/roles.service';

const USAGE = `Usage:
  npm run editor -- grant <username>    make a user an editor
  npm run editor -- revoke <username>   take the editor role back
  npm run editor -- list                every editor: username, email, since when

It works on the database of DATABASE_URL (from the environment or .env; unset: data/app.sqlite),
the one the server uses. A change counts from that user's next request.`;

/** Exit codes: 0 done (also "already an editor"), 1 no such user or no database, 2 wrong usage. */
const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

type Command = { name: 'grant' | 'revoke'; username: string } | { name: 'list' } | { name: 'help' };

function parseArgs(args: string[]): Command | string {
  const [name, ...rest] = args;
  if (name === undefined) return 'Tell it what to do: grant, revoke or list.';
  if (name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'list') return rest.length === 0 ? { name } : `"list" takes no arguments (got: ${rest.join(' ')}).`;
  if (name === 'grant' || name === 'revoke') {
    if (rest.length !== 1 || !rest[0]!.trim()) return `"${name}" takes exactly one username.`;
    return { name, username: rest[0]! };
  }
  return `Unknown command "${name}".`;
}

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

function table(editors: EditorListing[]): string {
  const rows = [['username', 'email', 'editor since'], ...editors.map((e) => [e.username, e.email, when(e.since)])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

function describe(database: DatabaseConfig): string {
  if (database.client === 'sqlite') return `SQLite ${database.filename}`;
  const url = new URL(database.connectionString);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

async function main(args: string[]): Promise<number> {
  const command = parseArgs(args);
  if (typeof command === 'string') {
    console.error(`${command}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (command.name === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }

  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let database: DatabaseConfig;
  try {
    database = parseDatabaseUrl(process.env.DATABASE_URL);
  } catch (err) {
    console.error((err as Error).message);
    return EXIT.failed;
  }
  // A missing SQLite file means another database than the server's (another folder, a typo in
  // DATABASE_URL): say so rather than create an empty one where nobody can be found.
  if (database.client === 'sqlite' && database.filename !== ':memory:' && !fs.existsSync(database.filename)) {
    console.error(`No database at ${database.filename}. Run this where the server runs, with its DATABASE_URL (or start it once with npm start).`);
    return EXIT.failed;
  }

  const db = createDb(database);
  try {
    // The server migrates at start; a command run right after an upgrade, before the restart, needs the same columns.
    await migrate(db);
    const roles = rolesService(db);
    if (command.name === 'list') {
      const editors = await roles.listEditors();
      console.log(editors.length ? table(editors) : 'No editors yet. Grant the role with: npm run editor -- grant <username>');
    } else if (command.name === 'grant') {
      const { changed, editor } = await roles.grantEditor(command.username);
      console.log(
        changed
          ? `${editor.username} (${editor.email}) is now an editor, from their next request.`
          : `${editor.username} (${editor.email}) is already an editor, since ${when(editor.since)}.`,
      );
    } else {
      const { changed, username } = await roles.revokeEditor(command.username);
      console.log(changed ? `${username} is no longer an editor, from their next request.` : `${username} is not an editor; nothing changed.`);
    }
    return EXIT.ok;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return EXIT.failed;
    }
    console.error(`Could not reach the database (${describe(database)}): ${(err as Error).message}`);
    return EXIT.failed;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
