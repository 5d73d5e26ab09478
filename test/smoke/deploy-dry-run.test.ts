// `wrangler deploy --dry-run` of the production build `npm start` serves (the global setup built
// it): the configuration the Vite plugin wrote (dist/<worker>/wrangler.json) bundles and binds
// offline, and names its database, session store and bucket without ids, for `wrangler deploy`
// to provision (decision 059). No network: --dry-run uploads nothing and asks no account.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

function dryRun() {
  return new Promise<{ code: number; output: string }>((done) => {
    const child = spawn('node_modules/.bin/wrangler', ['deploy', '--dry-run'], {
      env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

describe('the production build', () => {
  it('passes `wrangler deploy --dry-run` with every binding, and no resource id to replace', async () => {
    const { code, output } = await dryRun();
    expect(code, output).toBe(0);
    expect(output).toContain('dist/barter_market/wrangler.json');
    expect(output).toContain('--dry-run: exiting now.');
    for (const binding of [
      /env\.DB \(barter-market\)\s+D1 Database/,
      /env\.SESSIONS\s+KV Namespace/,
      /env\.IMAGES \(barter-market-images\)\s+R2 Bucket/,
      /env\.CRON_JOBS \(CronJobs\)\s+Durable Object/,
      /env\.ASSETS\s+Assets/,
    ])
      expect(output).toMatch(binding);

    const built = JSON.parse(readFileSync('dist/barter_market/wrangler.json', 'utf8'));
    expect(built.d1_databases).toEqual([expect.not.objectContaining({ database_id: expect.anything() })]);
    expect(built.kv_namespaces).toEqual([{ binding: 'SESSIONS' }]);
    expect(readFileSync('wrangler.toml', 'utf8')).not.toMatch(/0{8}/);
  });
});
