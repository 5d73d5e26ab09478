// The first admin without a console (ADMIN_EMAILS, decision 059): a listed address becomes an admin
// once verified, when it is verified or at a sign-in after; an unverified one does not; an empty
// list makes no one an admin.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '@worker/index';
import { ORIGIN, call, json, randomIp, signUp, tokenFromEmail, type Member } from './helpers';

/** A request through the Worker with ADMIN_EMAILS set to `adminEmails` (wrangler.toml has it empty). */
async function callWith(adminEmails: string, path: string, body?: unknown) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'CF-Connecting-IP': randomIp(), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
    { ...env, ADMIN_EMAILS: adminEmails } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const isAdmin = async (member: Member) =>
  (await env.DB.prepare('SELECT is_admin FROM users WHERE id = ?').bind(member.id).first<{ is_admin: number }>())!
    .is_admin === 1;
const grants = (member: Member) =>
  env.DB.prepare("SELECT actor_id, actor_name FROM moderation_actions WHERE action = 'make_admin' AND target_id = ?")
    .bind(member.id)
    .all<{ actor_id: number | null; actor_name: string }>()
    .then((rows) => rows.results);
const verifyWith = async (adminEmails: string, member: Member) =>
  callWith(adminEmails, `/api/auth/verify-email?token=${encodeURIComponent(await tokenFromEmail(member.email))}`);
const signInWith = (adminEmails: string, member: Member) =>
  callWith(adminEmails, '/api/auth/login', { username: member.username, password: member.password });

describe('ADMIN_EMAILS', () => {
  it('makes a listed member an admin as the address is verified, once, in the audit log', async () => {
    const owner = await signUp();
    expect(owner.user.isAdmin).toBe(false);
    // Listed among others, in capitals, with spaces: the comparison ignores case and spacing.
    const list = `someone@example.org, ${owner.email.toUpperCase()} ;other@example.net`;
    const verified = await verifyWith(list, owner);
    expect(verified.status).toBe(200);
    expect(await isAdmin(owner)).toBe(true);
    expect(await grants(owner)).toEqual([{ actor_id: null, actor_name: 'ADMIN_EMAILS' }]);

    // A later sign-in finds the member an admin already: no second grant.
    const signedIn = await signInWith(list, owner);
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).isAdmin).toBe(true);
    expect(await grants(owner)).toHaveLength(1);
  });

  it('does not make a listed member with an unverified address an admin', async () => {
    const claimant = await signUp();
    const signedIn = await signInWith(claimant.email, claimant);
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).isAdmin).toBe(false);
    expect(await isAdmin(claimant)).toBe(false);
    expect(await grants(claimant)).toEqual([]);
  });

  it('makes a member verified before the address was listed an admin at the next sign-in', async () => {
    const owner = await signUp();
    expect((await verifyWith('', owner)).status).toBe(200);
    expect(await isAdmin(owner)).toBe(false);

    const signedIn = await signInWith(owner.email, owner);
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).isAdmin).toBe(true);
    expect(await isAdmin(owner)).toBe(true);
    // The admin pages open for the session the sign-in started.
    const cookie = /sid=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')![0];
    expect((await call('/api/admin/users', { cookie })).status).toBe(200);
  });

  it('makes no one an admin when empty, nor a member whose address is not listed', async () => {
    const member = await signUp();
    expect((await verifyWith('', member)).status).toBe(200);
    expect((await signInWith('', member)).status).toBe(200);
    expect((await signInWith(' , ', member)).status).toBe(200);
    expect((await signInWith('owner@example.org', member)).status).toBe(200);
    expect(await isAdmin(member)).toBe(false);
    expect(await grants(member)).toEqual([]);
  });
});
