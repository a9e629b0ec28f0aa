import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '#domain/contract';
import { buildTestApp, closeTestApp, newAccount, newPostgresDatabase } from './helpers';

const CLI = fileURLToPath(new URL('../src/cli/admin-create.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin:create` as a person piping its answers in, on the database `env` names. */
function adminCreate(env: Record<string, string>, answers: string[]): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    // Nothing of the test run's own database or admin settings leaks in; empty is unset.
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      ADMIN_EMAIL: '',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(answers.map((answer) => `${answer}\n`).join(''));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const answersFor = (admin: { email: string; username: string; password: string }) => [
  admin.email,
  admin.username,
  admin.password,
  admin.password,
];

async function signsInAsAdmin(app: FastifyInstance, admin: { email: string; password: string }): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/carsSchema',
    payload: { email: admin.email, password: admin.password },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json<LoginAnswer>().user).toMatchObject({ email: admin.email, role: 'admin' });
}

const CHILD_TIMEOUT_MS = 90_000;

describe('npm run admin:create on PGlite', () => {
  it(
    'creates an admin who then signs in, refuses while a server holds DATA_DIR, and refuses a taken email',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-admin-create-'));
      const env = { DATA_DIR: dataDir };
      const admin = newAccount();
      try {
        const created = await adminCreate(env, answersFor(admin));
        expect(created).toMatchObject({ stderr: '', code: 0 });
        expect(created.stdout).toContain(`Created the admin ${admin.username} (${admin.email}).`);
        expect(created.stdout).not.toContain(admin.password);

        const app = await buildTestApp({ dataDir });
        try {
          await signsInAsAdmin(app, admin);
          const whileServing = await adminCreate(env, answersFor(newAccount()));
          expect(whileServing.stderr).toMatch(/^DATA_DIR .+ is in use by another server \(pid \d+/);
          expect(whileServing.code).toBe(1);
        } finally {
          await closeTestApp(app);
        }

        const taken = await adminCreate(env, answersFor({ ...newAccount(), email: admin.email.toUpperCase() }));
        expect(taken.stderr.trim()).toBe('An account with this email or username already exists: nothing was created.');
        expect(taken.code).toBe(1);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'names each field that is not what registration takes, and a mistyped repeat, creating nothing',
    async () => {
      const env = { DATA_DIR: 'memory://' };
      const bad = await adminCreate(env, ['not-an-email', 'boss@home', 'short', 'short']);
      expect(bad.stderr).toBe(
        'Email must be an email address\nUsername must be 1 to 50 characters, without "@"\nPassword must be 8 to 128 characters\nNothing was created.\n',
      );
      expect(bad.code).toBe(1);
      const admin = newAccount();
      const mistyped = await adminCreate(env, [admin.email, admin.username, admin.password, `${admin.password}x`]);
      expect(mistyped.stderr.trim()).toBe('The passwords do not match: nothing was created.');
      expect(mistyped.code).toBe(1);
    },
    CHILD_TIMEOUT_MS,
  );
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Generated only where a PostgreSQL server is given, as database-away.test.ts does: no skipped test on PGlite.
describe.each(serverUrl ? ['PostgreSQL'] : [])('npm run admin:create on %s', () => {
  it(
    'creates admins while a server runs on the database, and refuses a taken username',
    async () => {
      const { databaseUrl, drop } = await newPostgresDatabase(serverUrl ?? '');
      const env = { DATABASE_URL: databaseUrl };
      const app = await buildTestApp({ databaseUrl });
      try {
        const admin = newAccount();
        const created = await adminCreate(env, answersFor(admin));
        expect(created).toMatchObject({ stderr: '', code: 0 });
        expect(created.stdout).toContain(`Created the admin ${admin.username} (${admin.email}).`);
        await signsInAsAdmin(app, admin);

        const taken = await adminCreate(env, answersFor({ ...newAccount(), username: admin.username }));
        expect(taken.stderr.trim()).toBe('An account with this email or username already exists: nothing was created.');
        expect(taken.code).toBe(1);
      } finally {
        await closeTestApp(app);
        await drop();
      }
    },
    CHILD_TIMEOUT_MS,
  );
});
