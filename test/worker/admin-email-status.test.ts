// GET /api/admin/email-status: what the admin dashboard's email notice is built from.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '@worker/index';
import { ORIGIN, call, json, randomIp, signUp, signUpAdmin } from './helpers';

/** The same request through the Worker with other settings (secrets, vars) than wrangler.toml's. */
async function callWith(settings: Partial<Env>, cookie: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}/api/admin/email-status`, { headers: { Cookie: cookie, 'CF-Connecting-IP': randomIp() } }),
    { ...env, ...settings } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe('GET /api/admin/email-status', () => {
  it('is 401 for visitors and 403 for members', async () => {
    const visitor = await call('/api/admin/email-status');
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    const member = await signUp();
    const denied = await call('/api/admin/email-status', { cookie: member.cookie });
    expect(denied.status).toBe(403);
    expect(await json(denied)).toEqual({ message: 'Admin access required', code: 'admin_required' });
  });

  it("tells admins with wrangler.toml's settings that Resend lacks its key and sender, and how much mail waits", async () => {
    const admin = await signUpAdmin();
    // Registering queued a verification email, so at least one row is pending.
    const response = await call('/api/admin/email-status', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const status = await json(response);
    expect(status).toMatchObject({
      provider: 'resend',
      configured: false,
      problem: 'EMAIL_PROVIDER is "resend" but the RESEND_API_KEY secret and MAIL_FROM are not set',
      development: false,
      dailyLimit: 100,
    });
    const pending = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE status = 'pending'").first<{
      n: number;
    }>();
    const today = await env.DB.prepare('SELECT sent FROM email_daily_sends WHERE day = ?')
      .bind(new Date().toISOString().slice(0, 10))
      .first<{ sent: number }>();
    expect(status.pendingCount).toBe(pending!.n);
    expect(status.sentToday).toBe(today?.sent ?? 0);
    expect(status.pendingCount).toBeGreaterThanOrEqual(1);
  });

  it('reports a configured provider, the day count, the limit and the last provider error', async () => {
    const admin = await signUpAdmin();
    const day = new Date().toISOString().slice(0, 10);
    await env.DB.prepare(
      'INSERT INTO email_daily_sends (day, sent) VALUES (?1, 7) ON CONFLICT (day) DO UPDATE SET sent = 7',
    )
      .bind(day)
      .run();
    await env.DB.prepare(
      "INSERT INTO email_outbox (to_address, subject, text_body, html_body, priority, last_error) VALUES ('x@example.com', 's', 't', 'h', 0, 'Resend 403 validation_error: domain not verified')",
    ).run();
    const response = await callWith(
      { EMAIL_PROVIDER: 'resend', RESEND_API_KEY: 're_key', MAIL_FROM: 'noreply@example.com', EMAIL_DAILY_LIMIT: '40' },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      provider: 'resend',
      configured: true,
      problem: null,
      dailyLimit: 40,
      sentToday: 7,
      lastError: 'Resend 403 validation_error: domain not verified',
    });
    const none = await json(await callWith({ EMAIL_PROVIDER: 'none', ENVIRONMENT: 'development' }, admin.cookie));
    expect(none).toMatchObject({ provider: 'none', configured: false, development: true, dailyLimit: null });
    expect(none.problem).toContain('no email provider is configured');
  });
});
