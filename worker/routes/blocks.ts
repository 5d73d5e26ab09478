// Blocks (docs/api/blocks.md, decision 035): a member blocks another from a profile or a
// conversation, and lists and lifts their blocks at /settings/blocked. What a block separates is
// checked where each of those things happens (messages, offers, barters, live chat, listings,
// wants, matches, trade circles, alerts), inside the statements those routes already run.
import { BLOCK_SELF_MESSAGE, TOO_MANY_BLOCKS_MESSAGE } from '@/shared/schemas';
import { blocksOf, putBlock, removeBlock } from '../db/queries/blocks';
import { afterReply } from '../lib/after-reply';
import { badRequest, notFound } from '../lib/errors';
import { closeConversationsBetween, pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { pushToCircle } from '@worker/durable-objects/conversation-room-client';
import { membersOf } from '@worker/lib/trade-circles/legs';
import { pushCirclesEnded } from '@worker/services/trade-circles/propose';
import { hitStatement } from '../db/queries/rate-limits';
import { parseId } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { blockRoutes } from '@/shared/contract/blocks';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const blockRouter = router('/api/blocks');

serve(blockRouter, blockRoutes.list, viewer('row'), async (c) => {
  const user = requireUser(c);
  return reply(c, blockRoutes.list, await blocksOf(c.env.DB, user.id));
});

serve(blockRouter, blockRoutes.put, viewer('row'), async (c) => {
  const user = requireUser(c);
  const blockedId = parseId(c.req.param('userId'), 'User');
  if (blockedId === user.id) throw badRequest(BLOCK_SELF_MESSAGE);
  // One batch: the rate limit's hit, the block (only within the limit), its open offers expired,
  // its proposed circles called off, the block read back.
  const limit = await hitStatement(c.env.DB, 'blocksPerMember', `user:${user.id}`);
  const { limitRow, outcome } = await putBlock(c.env.DB, user.id, blockedId, limit);
  limit.settle(limitRow);
  if (outcome.kind === 'unknown') throw notFound('User not found');
  if (outcome.kind === 'full') throw badRequest(TOO_MANY_BLOCKS_MESSAGE);
  if (outcome.created) {
    const ray = c.req.header('cf-ray') ?? 'local';
    const { dissolved } = outcome;
    // After the reply: the pair's open conversation sockets close (each member's registry asks
    // the rooms where that member has one), and the members of the circles called off are told.
    await afterReply(c, async () => {
      const [, , ...open] = await Promise.all([
        closeConversationsBetween(c.env, user.id, blockedId),
        dissolved.length ? pushNotificationChanges(c.env, dissolved.flatMap(membersOf)) : null,
        ...dissolved.map((circle) => pushToCircle(c.env, circle.id, [{ type: 'circle', circleId: circle.id }], ray)),
      ]);
      if (dissolved.length) await pushCirclesEnded(c.env, dissolved, open as number[][], [user.id]);
    });
  }
  return reply(c, blockRoutes.put, outcome.block);
});

serve(blockRouter, blockRoutes.remove, viewer('row'), async (c) => {
  const user = requireUser(c);
  // Idempotent: lifting a block that is not there (or naming a member who is not) is not an error.
  await removeBlock(c.env.DB, user.id, parseId(c.req.param('userId'), 'User'));
  return reply(c, blockRoutes.remove, undefined);
});
