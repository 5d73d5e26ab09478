// New two-way matches as Web Push (docs/api/web-push.md): each partner of the member whose listing
// or want made them hears of their new entry; the member who acted never does (their own page
// shows it). One read for all the partners, one push each.
import { createDb } from '@worker/db/client';
import type { NewMatch } from '@worker/db/queries/matches';
import { pushTexts } from './push-texts';
import { pushQuietly, type PushToMembersOptions } from './web-push';

export function pushNewMatches(env: Env, fresh: readonly NewMatch[], options: PushToMembersOptions = {}) {
  const byMember = new Map(fresh.map((entry) => [entry.userId, entry]));
  return pushQuietly(
    env,
    createDb(env.DB),
    [...byMember.keys()],
    'match',
    (t, userId) => {
      const entry = byMember.get(userId)!;
      return pushTexts.match(entry.partnerName, entry.mine, entry.theirs)(t);
    },
    options,
  );
}
