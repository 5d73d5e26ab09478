// `npm run deploy` (scripts/deploy.mjs) against a fake `wrangler` and `vite` on PATH
// (test/support/fake-cli): the order of its steps on a new account, a second run that only updates
// and replaces no secret, and a failure in the middle that is reported and then resumed.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface Call {
  command: string;
  args: string[];
  secretsFile?: { path: string; values: Record<string, string> };
}
interface AccountState {
  databases: string[];
  worker: boolean;
  secrets: Record<string, string>;
  migrated: boolean;
}

const FAKES = resolve('test/support/fake-cli');
const ADDRESS = 'https://barter-market.example-community.workers.dev';
let folder: string;
const logFile = () => join(folder, 'calls.jsonl');
const stateFile = () => join(folder, 'account.json');

function deploy(extraEnv: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['scripts/deploy.mjs'], {
      env: {
        ...process.env,
        PATH: `${FAKES}${delimiter}${process.env.PATH}`,
        FAKE_CLI_LOG: logFile(),
        FAKE_CLI_STATE: stateFile(),
        WORKERS_CI: '',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/** The calls made since the log was last cleared, each as "command args…". */
function takeCalls(): Call[] {
  const calls = existsSync(logFile())
    ? readFileSync(logFile(), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Call)
    : [];
  rmSync(logFile(), { force: true });
  return calls;
}
const lines = (calls: Call[]) =>
  calls.map(({ command, args }) =>
    [command, ...args.filter((arg) => !arg.includes(folder) && !arg.includes(tmpdir()))].join(' '),
  );
const account = (): AccountState => JSON.parse(readFileSync(stateFile(), 'utf8'));

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'deploy-test-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run deploy', () => {
  it('on a new account: builds, creates the database, migrates it, then deploys with generated secrets', async () => {
    const run = await deploy();
    expect(run.code, run.stderr).toBe(0);
    const calls = takeCalls();
    expect(lines(calls)).toEqual([
      'wrangler whoami',
      'vite build --logLevel warn',
      'wrangler d1 list --json',
      'wrangler d1 create barter-market',
      'wrangler d1 migrations apply DB --remote',
      'wrangler secret list --format json',
      'wrangler deploy --secrets-file',
    ]);
    const secrets = calls.at(-1)!.secretsFile!;
    expect(Object.keys(secrets.values).sort()).toEqual([
      'PASSWORD_PEPPER',
      'SIGNING_SECRET',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
    ]);
    for (const name of ['PASSWORD_PEPPER', 'SIGNING_SECRET']) expect(secrets.values[name]).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.values.PASSWORD_PEPPER).not.toBe(secrets.values.SIGNING_SECRET);
    // A matching VAPID pair: the public point (65 bytes) and its scalar (32 bytes), base64url.
    expect(Buffer.from(secrets.values.VAPID_PUBLIC_KEY!, 'base64url')).toHaveLength(65);
    expect(Buffer.from(secrets.values.VAPID_PRIVATE_KEY!, 'base64url')).toHaveLength(32);
    const pair = createPrivateKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: secrets.values.VAPID_PRIVATE_KEY,
        x: Buffer.from(secrets.values.VAPID_PUBLIC_KEY!, 'base64url').subarray(1, 33).toString('base64url'),
        y: Buffer.from(secrets.values.VAPID_PUBLIC_KEY!, 'base64url').subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signature = sign('sha256', Buffer.from('push'), pair);
    expect(verify('sha256', Buffer.from('push'), createPublicKey(pair), signature)).toBe(true);
    // The generated values were on disk only while the deploy ran.
    expect(existsSync(secrets.path)).toBe(false);
    expect(run.stdout).toContain(`Your community is live at ${ADDRESS}`);
    expect(run.stdout).toContain(`npm run doctor -- ${ADDRESS}`);
    expect(run.stdout).toContain(`Set APP_ORIGIN = "${ADDRESS}"`);
  });

  it('run again: only updates, creating nothing and replacing no secret', async () => {
    expect((await deploy()).code).toBe(0);
    const first = account();
    takeCalls();

    const again = await deploy();
    expect(again.code, again.stderr).toBe(0);
    expect(lines(takeCalls())).toEqual([
      'wrangler whoami',
      'vite build --logLevel warn',
      'wrangler d1 list --json',
      'wrangler d1 migrations apply DB --remote',
      'wrangler secret list --format json',
      'wrangler deploy',
    ]);
    expect(account().secrets).toEqual(first.secrets);
    expect(again.stdout).toContain('all set (none replaced)');
    expect(again.stdout).toContain('migrations: up to date');
  });

  it('generates only the secret that is missing, never the pepper that is set', async () => {
    writeFileSync(
      stateFile(),
      JSON.stringify({
        databases: ['barter-market'],
        worker: true,
        secrets: { PASSWORD_PEPPER: 'the-pepper-every-stored-password-is-keyed-with' },
        migrated: true,
      } satisfies AccountState),
    );
    const run = await deploy({ WORKERS_CI: '1' });
    expect(run.code, run.stderr).toBe(0);
    const calls = takeCalls();
    // In Workers Builds the build command has just built: no second build.
    expect(lines(calls)[1]).toBe('wrangler d1 list --json');
    expect(Object.keys(calls.at(-1)!.secretsFile!.values)).toEqual([
      'SIGNING_SECRET',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(account().secrets.PASSWORD_PEPPER).toBe('the-pepper-every-stored-password-is-keyed-with');
  });

  it('stops, replacing nothing, when only half of the VAPID pair is set', async () => {
    writeFileSync(
      stateFile(),
      JSON.stringify({
        databases: ['barter-market'],
        worker: true,
        secrets: { SIGNING_SECRET: 's', PASSWORD_PEPPER: 'p', VAPID_PUBLIC_KEY: 'B-the-public-half' },
        migrated: true,
      } satisfies AccountState),
    );
    const run = await deploy({ WORKERS_CI: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('only some of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set');
    expect(lines(takeCalls())).not.toContain('wrangler deploy');
    expect(account().secrets).toEqual({
      SIGNING_SECRET: 's',
      PASSWORD_PEPPER: 'p',
      VAPID_PUBLIC_KEY: 'B-the-public-half',
    });
  });

  it('a failure in the middle is reported with its step, nothing after it runs, and a second run finishes', async () => {
    const failed = await deploy({ FAKE_WRANGLER_FAIL: 'd1 migrations' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('fetch failed');
    expect(failed.stderr).toContain('The deploy stopped at step 4 of 6 (applying the database migrations)');
    expect(failed.stderr).toContain('run `npm run deploy` again');
    expect(lines(takeCalls()).at(-1)).toBe('wrangler d1 migrations apply DB --remote');
    expect(account()).toMatchObject({ databases: ['barter-market'], worker: false, secrets: {}, migrated: false });

    const resumed = await deploy();
    expect(resumed.code, resumed.stderr).toBe(0);
    const calls = lines(takeCalls());
    // The database made by the failed run is found, not made again.
    expect(calls).not.toContain('wrangler d1 create barter-market');
    expect(calls).toContain('wrangler d1 migrations apply DB --remote');
    expect(calls.at(-1)).toBe('wrangler deploy --secrets-file');
    expect(account()).toMatchObject({ databases: ['barter-market'], worker: true, migrated: true });
  });

  it('stops at the first step when wrangler is not signed in, and says what to run', async () => {
    const run = await deploy({ FAKE_WRANGLER_SIGNED_OUT: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The deploy stopped at step 1 of 6 (checking the Cloudflare sign-in)');
    expect(run.stderr).toContain('run `npx wrangler login`');
    expect(lines(takeCalls())).toEqual(['wrangler whoami']);
  });

  it('says in plain words what to do when R2 is not enabled yet', async () => {
    const failed = await deploy({
      FAKE_WRANGLER_FAIL: 'deploy',
      FAKE_WRANGLER_MESSAGE: 'Please enable R2 through the Cloudflare Dashboard. [code: 10042]',
    });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The deploy stopped at step 6 of 6 (deploying)');
    expect(failed.stderr).toContain('R2 is not enabled on this account yet');
  });
});
