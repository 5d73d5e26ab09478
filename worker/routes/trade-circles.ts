// Trade circles (docs/api/wants-matches-circles.md, "Trade circles"; decision 024): a member's
// circles, one circle (its members and admins), each member's accept or decline, and the circle's
// group chat, live over a room of the same Durable Object class as conversations.
import type { Context } from 'hono';
import { tradeCircleRoutes } from '@/shared/contract/trade-circles';
import { circleMessageSchema } from '@/shared/trade-circles';
import { circleRoomStub } from '@worker/durable-objects/conversation-room-client';
import { conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { pushNotificationChanges, sessionKeyOf } from '@worker/durable-objects/member-sockets-client';
import { settleSubject } from '../db/queries/notifications';
import { checkMessageBudget, withMessageBudget } from '../db/queries/message-budget';
import {
  announce,
  circleMessages,
  circlesOfMember,
  decide,
  findCircleRow,
  isMember,
  postCircleMessage,
  pushCircleChange,
  settleIfUnavailable,
  shapeCircle,
  type CircleRow,
} from '@worker/services/trade-circles/circles';
import { circleSubject } from '../lib/trade-circles/names';
import { membersOf } from '@worker/lib/trade-circles/legs';
import { parseBody, parseId } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { reply, router, serve } from '../lib/serve';
import type { AppEnv } from '../types';
import { afterReply } from '../lib/after-reply';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';
import { pushTexts, type CircleChange } from '@worker/services/push-texts';
import { pushQuietly } from '@worker/services/web-push';
import { localeOfRequest } from '../lib/locale';
import { renderEndReason } from '../lib/notice-text';
import type { TradeCircle } from '@/shared/contract/trade-circles';

export const CIRCLE_MESSAGES = {
  notFound: 'Trade circle not found',
  notMember: 'Only the members of this trade circle can do this',
  notProposed: 'This trade circle is no longer open for decisions',
  ended: 'This trade circle has ended',
} as const;

export const tradeCircleRouter = router('/api/trade-circles');

const requestId = (c: Context<AppEnv>) => c.req.header('cf-ray') ?? 'local';

/** The circle named in the path, for one of its members (admins may read it, not act). */
async function circleFor(c: Context<AppEnv>, { adminMayRead = false } = {}): Promise<CircleRow> {
  const user = requireUser(c);
  const circle = await findCircleRow(c.env.DB, parseId(c.req.param('id'), 'Trade circle'));
  if (!circle) throw notFound(CIRCLE_MESSAGES.notFound);
  if (!isMember(circle, user.id) && !(adminMayRead && user.isAdmin)) throw forbidden(CIRCLE_MESSAGES.notMember);
  return circle;
}

/** A circle's end reason in the reader's language (stored in English; decision 070). */
const inReaderLanguage = (c: Context<AppEnv>, circle: TradeCircle): TradeCircle =>
  circle.endReason
    ? { ...circle, endReason: renderEndReason(circle.endReason, localeOfRequest(c.req.raw).language) }
    : circle;

serve(tradeCircleRouter, tradeCircleRoutes.list, viewer('row'), async (c) => {
  const user = requireUser(c);
  const circles = await circlesOfMember(c.env.DB, user.id);
  return reply(
    c,
    tradeCircleRoutes.list,
    circles.map((circle) => inReaderLanguage(c, circle)),
  );
});

serve(tradeCircleRouter, tradeCircleRoutes.get, viewer('row'), async (c) => {
  const user = requireUser(c);
  const circle = await circleFor(c, { adminMayRead: true });
  // A member looking at the circle has seen its news: their entry in the bell is settled.
  if (isMember(circle, user.id)) {
    await settleSubject(c.env.DB, user.id, circleSubject(circle.id), new Date().toISOString());
    await afterReply(c, () => pushNotificationChanges(c.env, [user.id]));
  }
  return reply(c, tradeCircleRoutes.get, inReaderLanguage(c, await shapeCircle(c.env.DB, circle)));
});

/** A member's decision as a Web Push to the other members, after the reply (not to those with the circle open). */
const pushChange = (c: Context<AppEnv>, circle: CircleRow, change: CircleChange, actorId: number, open: number[]) =>
  afterReply(c, () => pushCircleChange(c.env, circle, change, { except: [actorId, ...open] }));

const circleDecisionBudget = memberBudget('circleDecisionsPerMember');
for (const action of ['accept', 'decline'] as const) {
  const route = tradeCircleRoutes[action];
  serve(tradeCircleRouter, route, viewer('row'), circleDecisionBudget, async (c) => {
    const user = requireUser(c);
    const circle = await circleFor(c);
    if (circle.status !== 'proposed') throw conflict(CIRCLE_MESSAGES.notProposed);
    const decision = action === 'accept' ? 'accepted' : 'declined';
    const outcome = await decide(c.env, circle, user.id, decision);
    let after = outcome.circle;
    if (outcome.agreed) {
      const open = await announce(
        c.env,
        after,
        'Everyone accepted: the trade circle is agreed. Each swap is now a pending barter to confirm once it happens',
        undefined,
        requestId(c),
      );
      await pushChange(c, after, { type: 'agreed' }, user.id, open);
      return reply(c, route, inReaderLanguage(c, await shapeCircle(c.env.DB, after)));
    }
    if (!outcome.changed) {
      // A racing decision closed the circle first, or this member had decided so already.
      if (after.status !== 'proposed') throw conflict(CIRCLE_MESSAGES.notProposed);
      return reply(c, route, inReaderLanguage(c, await shapeCircle(c.env.DB, after)));
    }
    if (decision === 'accepted' && (await settleIfUnavailable(c.env, after))) {
      // A listing went while the members decided: dissolved (and announced) instead.
      after = (await findCircleRow(c.env.DB, after.id))!;
      return reply(c, route, inReaderLanguage(c, await shapeCircle(c.env.DB, after)));
    }
    const shaped = await shapeCircle(c.env.DB, after);
    if (decision === 'declined') {
      const open = await announce(
        c.env,
        after,
        `${user.displayName} declined the trade circle, so it is called off`,
        undefined,
        requestId(c),
      );
      await pushChange(c, after, { type: 'declined', name: user.displayName }, user.id, open);
    } else {
      const accepted = shaped.legs.filter((leg) => leg.decision === 'accepted').length;
      const open = await announce(
        c.env,
        after,
        `${user.displayName} accepted the trade circle (${accepted} of ${shaped.legs.length} accepted)`,
        undefined,
        requestId(c),
      );
      const change = { type: 'accepted', name: user.displayName, accepted, members: shaped.legs.length } as const;
      await pushChange(c, after, change, user.id, open);
    }
    return reply(c, route, inReaderLanguage(c, shaped));
  });
}

serve(tradeCircleRouter, tradeCircleRoutes.messages, viewer('row'), async (c) => {
  const user = requireUser(c);
  const circle = await circleFor(c);
  return reply(c, tradeCircleRoutes.messages, await circleMessages(c.env.DB, circle.id, user.id));
});

serve(tradeCircleRouter, tradeCircleRoutes.postMessage, viewer('row'), async (c) => {
  const user = requireUser(c);
  // The circle's chat shares the members' message budget with conversations.
  await checkMessageBudget(c.env.DB, user.id);
  const circle = await circleFor(c);
  const input = await parseBody(c, circleMessageSchema);
  if (circle.status !== 'proposed' && circle.status !== 'agreed') throw conflict(CIRCLE_MESSAGES.ended);
  const created = await withMessageBudget(c.env.DB, user.id, () =>
    postCircleMessage(c.env.DB, circle, user, input.content),
  );
  await afterReply(c, () =>
    pushNotificationChanges(
      c.env,
      membersOf(circle).filter((id) => id !== user.id),
    ),
  );
  let open: number[] = [];
  try {
    ({ open } = await circleRoomStub(c.env, circle.id).broadcast({ type: 'circle_message', message: created }));
  } catch (error) {
    // D1 is the record: members resync from this GET when their socket (re)opens.
    console.error(`[${requestId(c)}] live chat broadcast failed for circle message ${created.id}`, error);
  }
  // The members with the circle's chat open read it there; the others get a push after the reply.
  const push = pushTexts.circleMessage(circle.id, user.displayName, input.content);
  await afterReply(c, () =>
    pushQuietly(c.env, c.get('db'), membersOf(circle), 'message', push, { except: [user.id, ...open] }),
  );
  return reply(c, tradeCircleRoutes.postMessage, created, 201);
});

/** The circle's live socket: authorised here, then handed to the circle's room (docs/api/live-chat.md). */
serve(tradeCircleRouter, tradeCircleRoutes.socket, viewer('row'), async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new HttpError(426, 'Expected a WebSocket upgrade');
  const user = requireUser(c);
  // A foreign page must not open a member's circle chat with their cookies.
  const origin = c.req.raw.headers.get('Origin');
  if (origin !== null && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin requests are not allowed');
  const circle = await circleFor(c);
  const session = c.get('session')!;
  const headers = new Headers({
    Upgrade: 'websocket',
    'X-User-Id': String(user.id),
    'X-Circle-Id': String(circle.id),
    'X-Session-Key': await sessionKeyOf(session.id),
    'X-Session-Created': String(session.createdAt),
  });
  const upgraded = await circleRoomStub(c.env, circle.id).fetch(new Request(c.req.url, { headers }));
  if (upgraded.status !== 101 || !upgraded.webSocket) throw new HttpError(500, 'Could not open the trade circle chat');
  return new Response(null, { status: 101, webSocket: upgraded.webSocket });
});
