// GET /api/health (decision 059): what `npm run doctor` reads. Public, one D1 batch of a few rows,
// settings said as set or not (never a value), and nothing about any member.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '@worker/index';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import type { Health } from '@/shared/contract/health';
import { ORIGIN, call, insertListing, json, randomIp, signUp } from './helpers';

/** GET /api/health through the Worker with other settings than wrangler.toml's, metered. */
async function healthWith(settings: Partial<Env>) {
  const counts = emptyCounts();
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}/api/health`, { headers: { 'CF-Connecting-IP': randomIp() } }),
    meterEnv({ ...env, ...settings } as Env, counts),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { response, counts };
}

const lastMigration = () => env.TEST_MIGRATIONS.at(-1)!.name;

describe('GET /api/health', () => {
  it('answers anyone with the migrations, the email setup and the secrets as set or not, uncached', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const health = await json<Health>(response);
    expect(health.database).toBeNull();
    expect(health.migrations).toEqual({ latest: lastMigration(), applied: env.TEST_MIGRATIONS.length });
    expect(health.email).toEqual({
      provider: 'resend',
      problem: 'EMAIL_PROVIDER is "resend" but the RESEND_API_KEY secret and MAIL_FROM are not set',
    });
    expect(health.secrets).toEqual({ signingSecret: true, passwordPepper: true });
    expect(health).toMatchObject({ appOrigin: '', mediaOrigin: '' });
  });

  it('says which secret is missing or too short, and the origins that are set', async () => {
    const { response } = await healthWith({
      SIGNING_SECRET: '',
      PASSWORD_PEPPER: 'too-short',
      APP_ORIGIN: 'https://barter.example',
      MEDIA_ORIGIN: 'https://media.barter.example',
      EMAIL_PROVIDER: 'none',
    });
    const health = await json<Health>(response);
    expect(health.secrets).toEqual({ signingSecret: false, passwordPepper: false });
    expect(health).toMatchObject({ appOrigin: 'https://barter.example', mediaOrigin: 'https://media.barter.example' });
    expect(health.email.provider).toBe('none');
    expect(JSON.stringify(health)).not.toContain('too-short');
  });

  it("names the newest public listing's uploaded photo and the cron runs, and no member", async () => {
    const owner = await signUp();
    const listing = await insertListing(owner);
    const photo = `/objects/uploads/${crypto.randomUUID()}`;
    await env.DB.prepare('UPDATE listings SET image_urls = ?1, created_at = ?2 WHERE id = ?3')
      .bind(JSON.stringify([photo]), '2099-01-01T00:00:00.000Z', listing)
      .run();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO cron_runs (job, scheduled_at) VALUES ('saved-search-alerts', '2099-01-01T00:15:00.000Z')",
      ),
      env.DB.prepare("INSERT INTO cron_runs (job, scheduled_at) VALUES ('barter-cleanup', '2099-01-01T03:00:00.000Z')"),
    ]);

    const { response, counts } = await healthWith({});
    const text = await response.text();
    const health = JSON.parse(text) as Health;
    expect(health.photo).toBe(photo);
    expect(health.mediaPhoto).toBeNull();
    expect(health.crons).toEqual({ frequent: '2099-01-01T00:15:00.000Z', daily: '2099-01-01T03:00:00.000Z' });
    for (const privateValue of [owner.username, owner.email, `"id":${owner.id}`])
      expect(text).not.toContain(privateValue);
    // One D1 round trip of four statements, whatever the community's size.
    expect(counts.d1Queries).toBe(1);
    expect(counts.d1Statements).toBe(4);
    expect(counts.d1RowsRead).toBeLessThan(200);

    const onMedia = await json<Health>((await healthWith({ MEDIA_ORIGIN: 'https://media.barter.example' })).response);
    expect(onMedia.mediaPhoto).toBe(`https://media.barter.example/uploads/${photo.split('/').at(-1)}`);
  });

  it('answers 200 with the reason when the database has never been migrated', async () => {
    const { response } = await healthWith({ DB: env.MIGRATION_TEST_DB });
    expect(response.status).toBe(200);
    const health = await json<Health>(response);
    expect(health.database).toMatch(/no such table/);
    expect(health.migrations).toEqual({ latest: null, applied: 0 });
  });
});
