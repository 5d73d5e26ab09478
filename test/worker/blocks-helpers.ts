// Helpers shared by the block tests (docs/api/blocks.md): making and lifting blocks through the
// API, and calling the Worker with metering on to count a request's D1 round trips.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import { METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { call, ORIGIN, randomIp, type Member } from './helpers';

export const BLOCKED = 'You cannot message this member';

export async function block(blocker: Member, blocked: Member | number) {
  const id = typeof blocked === 'number' ? blocked : blocked.id;
  const response = await call(`/api/blocks/${id}`, { method: 'PUT', cookie: blocker.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<{
    user: { id: number; username: string; displayName: string; avatarUrl: string | null };
    createdAt: string;
  }>;
}

export async function unblock(blocker: Member, blocked: Member) {
  const response = await call(`/api/blocks/${blocked.id}`, { method: 'DELETE', cookie: blocker.cookie });
  expect(response.status).toBe(204);
}

/** The Worker with metering on: the response and the request's counts up to its reply (X-Meter). */
export async function metered(
  method: string,
  path: string,
  member: Member | null,
  body?: unknown,
): Promise<{ response: Response; counts: MeterCounts }> {
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (member) headers.Cookie = member.cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    { ...env, METER: '1' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { response, counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts };
}

/** A member's bell entries (kind, subject, text), newest first. */
export async function bellOf(member: Member) {
  const { results } = await env.DB.prepare(
    'SELECT kind, subject_key, text FROM notifications WHERE user_id = ? ORDER BY updated_at DESC, id DESC',
  )
    .bind(member.id)
    .all<{ kind: string; subject_key: string; text: string }>();
  return results;
}
