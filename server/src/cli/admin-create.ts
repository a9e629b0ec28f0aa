import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { parseNewAdmin, seedAdmin } from '../db/seed';
import { safeErrorLine } from '../safe-error';

/**
 * `npm run admin:create`: asks for an email, a username and a password (twice, without echoing it)
 * and creates an admin with them. It opens the database as the server does, so on PGlite the
 * data folder's lock refuses it while a server runs there; on PostgreSQL it works at any time.
 * Piped into (not a terminal), it reads the answers one per line, for scripts and tests.
 */

// What readline writes is only the echo of what is typed: it goes to the terminal except while the
// password is typed, when nothing of it may show.
let echoing = true;
const echo = new Writable({
  write(chunk: Buffer, _encoding, done) {
    if (echoing) process.stdout.write(chunk);
    done();
  },
});
const reader = createInterface({ input: process.stdin, output: echo, terminal: process.stdin.isTTY === true });
// The iterator keeps lines that arrive before they are asked for, as all of a pipe's do at once.
const lines = reader[Symbol.asyncIterator]();

async function ask(question: string, { hidden = false } = {}): Promise<string> {
  process.stdout.write(question);
  echoing = !hidden;
  const line = await lines.next();
  echoing = true;
  if (hidden) process.stdout.write('\n');
  if (line.done) throw new Error('No answer was given: the input ended.');
  return line.value;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  // The configuration's message is written by loadConfig, one line per bad variable; other errors
  // may quote a query's values, so only their safe first line is printed.
  const config = await Promise.resolve()
    .then(() => loadConfig())
    .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  const answers = {
    email: await ask('Email: '),
    username: await ask('Username: '),
    password: await ask('Password: ', { hidden: true }),
  };
  if ((await ask('Password again: ', { hidden: true })) !== answers.password)
    fail('The passwords do not match: nothing was created.');
  reader.close();
  const parsed = parseNewAdmin(answers, { email: 'Email', username: 'Username', password: 'Password' });
  if ('problems' in parsed) fail(`${parsed.problems.join('\n')}\nNothing was created.`);

  const client = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  try {
    // A database the server has not yet brought up to date gets the same migrations it would.
    await migrate(client);
    const created = await seedAdmin(client.db, (password) => hashPassword(password, config.scryptCost), parsed.admin);
    if (created) {
      console.log(
        `Created the admin ${parsed.admin.username} (${parsed.admin.email}). They sign in on the sign-in page's User tab.`,
      );
    } else {
      console.error('An account with this email or username already exists: nothing was created.');
      process.exitCode = 1;
    }
  } finally {
    await client.close();
  }
}

await main().catch((error: unknown) => fail(safeErrorLine(error)));
