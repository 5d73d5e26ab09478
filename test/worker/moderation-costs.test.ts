// What reports and moderation cost in D1 (docs/api/moderation.md, "Costs"; docs/performance.md):
// round trips per request measured by the meter, and rows read by the queue's page and the header's
// count that stay the same however many reports are open.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { call, createListing, json, ORIGIN, randomIp, signUp, signUpAdmin, type Member } from './helpers';

/** A request through the Worker with the meter on: the status, the body and the counts up to the reply. */
async function metered(member: Member, path: string, body?: unknown) {
  const headers: Record<string, string> = { Cookie: member.cookie, Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, METER: '1' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    text,
    counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts,
  };
}

/** `n` open reports straight into the table, each from its own reporter on its own member. */
async function bulkReports(n: number, tag: string) {
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?1)
     INSERT INTO users (username, password, display_name, email)
     SELECT ?2 || side || i, 'x', 'Bulk ' || side || i, ?2 || side || i || '@example.com' FROM k, (SELECT 'r' AS side UNION ALL SELECT 't')`,
  )
    .bind(n, tag)
    .run();
  await env.DB.prepare(
    `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, snapshot)
     SELECT r.id, 'user', t.id, t.id, 'spam', json_object('label', t.display_name, 'text', '', 'imageUrl', NULL, 'link', '/profile/' || t.username)
       FROM users r JOIN users t ON t.username = ?1 || 't' || substr(r.username, length(?1) + 2)
      WHERE r.username >= ?1 || 'r' AND r.username < ?1 || 's'`,
  )
    .bind(tag)
    .run();
}

describe('what moderation costs', () => {
  it('a report is three round trips; a member’s list two', async () => {
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const filed = await metered(reporter, '/api/reports', {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'spam',
    });
    expect(filed.status).toBe(201);
    // The session's user row; the rate limit's hit with the target; the report with the guard.
    expect(filed.counts.d1Queries).toBe(3);
    const again = await metered(reporter, '/api/reports', { targetType: 'user', targetId: owner.id, reason: 'spam' });
    expect(again.counts.d1Queries).toBe(3);
    const list = await metered(reporter, '/api/reports');
    expect(list.status).toBe(200);
    expect(list.counts.d1Queries).toBe(2);
  });

  it('the queue page and the header count are one round trip each, and read the same rows at 40 or 240 open reports', async () => {
    const admin = await signUpAdmin();
    const measure = async () => {
      const page = await metered(admin, '/api/admin/reports?limit=20');
      const count = await metered(admin, '/api/admin/reports/count');
      expect(page.status).toBe(200);
      expect(count.status).toBe(200);
      expect(JSON.parse(page.text)).toHaveLength(20);
      return { page: page.counts, count: count.counts, total: JSON.parse(count.text).count as number };
    };
    await bulkReports(40, `qa${Date.now().toString(36)}x`);
    const small = await measure();
    await bulkReports(200, `qb${Date.now().toString(36)}x`);
    const large = await measure();
    expect(large.total).toBe(small.total + 200);
    // The KV session only, and one D1 batch: the admin's gate and the page (or the counter row).
    expect(small.page.d1Queries).toBe(1);
    expect(small.count.d1Queries).toBe(1);
    // A page reads its own rows and each one's extras by key; the count one counter row.
    expect(large.page.d1RowsRead).toBeLessThanOrEqual(small.page.d1RowsRead + 20);
    expect(large.page.d1RowsRead).toBeLessThanOrEqual(20 * 12);
    expect(large.count.d1RowsRead).toBeLessThanOrEqual(3);
  });

  it('an action is two round trips before the reply, a suspension included; the audit page two', async () => {
    const admin = await signUpAdmin();
    const [member, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(member);
    const first = await json(
      await call('/api/reports', {
        cookie: reporter.cookie,
        body: { targetType: 'listing', targetId: listing.id, reason: 'spam' },
      }),
    );
    const second = await json(
      await call('/api/reports', {
        cookie: reporter.cookie,
        body: { targetType: 'user', targetId: member.id, reason: 'scam' },
      }),
    );
    const warn = await metered(admin, `/api/admin/reports/${first.id}/resolve`, { action: 'warn', note: 'Minor' });
    expect(warn.status).toBe(200);
    // The admin's gate with the report and its held messages; the action's batch, which ends with the reply's report.
    expect(warn.counts.d1Queries).toBe(2);
    const suspend = await metered(admin, `/api/admin/reports/${second.id}/resolve`, {
      action: 'suspend',
      days: 3,
      note: 'Scam',
    });
    expect(suspend.status).toBe(200);
    expect(suspend.counts.d1Queries).toBe(2);
    expect(suspend.counts.d1Statements).toBeLessThanOrEqual(25);
    const auditPage = await metered(admin, `/api/admin/audit?userId=${member.id}`);
    expect(auditPage.status).toBe(200);
    expect(auditPage.counts.d1Queries).toBe(2);
  });
});
