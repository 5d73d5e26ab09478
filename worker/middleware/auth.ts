// Authorization helpers that read like the roles: a visitor gets 401 where a member is needed, a
// member 403 where an admin is, and everyone acts only as themselves.
import type { Context } from 'hono';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import type { AppEnv } from '../types';

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

export function requireAdmin(c: Context<AppEnv>): UserRow {
  const user = requireUser(c);
  if (!user.isAdmin) throw forbidden('Admin access required');
  return user;
}

/**
 * The acting user is always the session user: an id the client sends for itself (userId,
 * senderId, reviewerId, initiatorId, or a path id) must be the session's, else 403.
 */
export function assertActingAs(
  user: UserRow,
  claimedId: number | null | undefined,
  message = 'You can only act as yourself',
) {
  if (claimedId != null && claimedId !== user.id) throw forbidden(message);
}
