// `npm run doctor -- <address>` (scripts/doctor.mjs): against `npm start` as a deployed instance,
// against an instance whose health shows problems (a stand-in server), and against no server.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Health } from '@/shared/contract/health';
import { freePort } from '@test/support/server';

function doctor(address: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ['scripts/doctor.mjs', address], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

const migrations = readdirSync('migrations')
  .filter((name) => /^\d{4}_.*\.sql$/.test(name))
  .sort();

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A stand-in instance: its first page, this health reply, and a photo path answering `photoStatus`. */
async function instance(health: Health, photoStatus: number): Promise<string> {
  const port = await freePort();
  server = createServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>');
    else if (request.url === '/api/health')
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(health));
    else if (request.url?.startsWith('/objects/uploads/'))
      response.writeHead(photoStatus, { 'Content-Type': photoStatus === 200 ? 'image/webp' : 'text/plain' }).end('x');
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server!.listen(port, '127.0.0.1', done));
  return `http://127.0.0.1:${port}`;
}

describe('npm run doctor', () => {
  it('finds `npm start` healthy: API, migrations, secrets, APP_ORIGIN, a photo from R2; email and crons to look at', async () => {
    const baseUrl = inject('baseUrl');
    const run = await doctor(baseUrl);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('✓ The API answers.');
    expect(run.stdout).toContain(
      `✓ The database is up to date (${migrations.length} migrations, the newest ${migrations.at(-1)}).`,
    );
    expect(run.stdout).toContain('✓ PASSWORD_PEPPER is set.');
    expect(run.stdout).toContain(`✓ APP_ORIGIN is ${baseUrl}.`);
    expect(run.stdout).toMatch(
      /✓ R2, through the Worker, serves a listing photo \(.+\/objects\/uploads\/[0-9a-f-]{36}\)\./,
    );
    // Locally there is no email provider key: shown, not a failure.
    expect(run.stdout).toContain(
      '! Email is not being delivered: EMAIL_PROVIDER is "resend" but the RESEND_API_KEY secret',
    );
    expect(run.stdout).toMatch(/Nothing wrong, \d+ to look at\./);
  });

  it('says in plain words what is wrong with an instance, and exits 1', async () => {
    const overAnHourAgo = new Date(Date.now() - 75 * 60_000).toISOString();
    const address = await instance(
      {
        database: null,
        migrations: { latest: migrations.at(-3)!, applied: migrations.length - 2 },
        email: { provider: 'resend', problem: 'EMAIL_PROVIDER is "resend" but MAIL_FROM is not set' },
        secrets: { signingSecret: true, passwordPepper: false },
        appOrigin: '',
        mediaOrigin: '',
        photo: '/objects/uploads/00000000-0000-4000-8000-000000000000',
        mediaPhoto: null,
        crons: { frequent: overAnHourAgo, daily: null },
      },
      404,
    );
    const run = await doctor(address);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `✗ The database lacks 2 migration(s) after ${migrations.at(-3)}: run \`npm run deploy\``,
    );
    expect(run.stdout).toContain('✗ PASSWORD_PEPPER is not set');
    expect(run.stdout).toContain(
      `! APP_ORIGIN is not set: links in scheduled emails point at http://localhost:8787. Set APP_ORIGIN = "${address}"`,
    );
    expect(run.stdout).toContain('✗ R2, through the Worker, does not serve a listing photo');
    expect(run.stdout).toContain('✗ The every-15-minutes jobs last ran 75 minutes ago');
    expect(run.stdout).toContain('! The daily jobs (cleanup, 03:00 UTC) have not run yet.');
    expect(run.stdout).toContain('4 things wrong');
  });

  it('says when the address does not answer at all', async () => {
    const run = await doctor(`http://127.0.0.1:${await freePort()}`);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ http:\/\/127\.0\.0\.1:\d+ did not answer \(ECONNREFUSED\)/);
  });

  it('asks for the address when given none', async () => {
    const run = await doctor('');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run doctor -- https://your.instance');
  });
});
