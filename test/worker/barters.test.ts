import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, insertListing, json, signUp, signUpAdmin, type Member } from './helpers';

async function message(from: Member, to: Member, listingId: number) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content: 'Shall we trade?' },
  });
  expect(response.status).toBe(201);
}

/** An owner, a member who wrote to them about the owner's listing, and that listing. */
async function talking() {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  const listingId = await insertListing(owner);
  await message(member, owner, listingId);
  return { owner, member, listingId };
}

const record = (by: Member, recipient: Member | number, listingId: number, extra: Record<string, unknown> = {}) =>
  call('/api/barters', {
    cookie: by.cookie,
    body: {
      listingId,
      initiatorId: by.id,
      recipientId: typeof recipient === 'number' ? recipient : recipient.id,
      status: 'pending',
      ...extra,
    },
  });

async function recorded(by: Member, recipient: Member, listingId: number) {
  const response = await record(by, recipient, listingId);
  expect(response.status).toBe(201);
  return json(response);
}

const patch = (path: string, who?: Member) => call(path, { method: 'PATCH', cookie: who?.cookie });

async function bartersCompleted(...members: Member[]) {
  return Promise.all(
    members.map(
      async (m) =>
        (await env.DB.prepare('SELECT barters_completed AS n FROM users WHERE id = ?')
          .bind(m.id)
          .first<{ n: number }>())!.n,
    ),
  );
}

describe('POST /api/barters', () => {
  it('records a pending barter between the members who talked about the listing', async () => {
    const { owner, member, listingId } = await talking();
    const response = await record(member, owner, listingId);
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({
      id: expect.any(Number),
      listingId,
      initiatorId: member.id,
      recipientId: owner.id,
      status: 'pending',
      completedAt: null,
      lastPromptedAt: null,
      thumbnailUrls: [],
      originalImageUrls: [],
      imageCleanupScheduledAt: null,
      barterDeletionScheduledAt: null,
      // Recording is the recorder's word that the swap happened (decision 060).
      initiatorConfirmedAt: expect.any(String),
      recipientConfirmedAt: null,
      cancelReason: null,
      createdAt: expect.any(String),
    });
  });

  it('lets the owner record it too, and without initiatorId or status', async () => {
    const { owner, member, listingId } = await talking();
    const response = await call('/api/barters', { cookie: owner.cookie, body: { listingId, recipientId: member.id } });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ initiatorId: owner.id, recipientId: member.id, status: 'pending' });
  });

  it('is idempotent: an open barter for the same listing and pair is returned with 200, in either direction', async () => {
    const { owner, member, listingId } = await talking();
    const first = await recorded(member, owner, listingId);
    const again = await record(member, owner, listingId);
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe(first.id);
    const reverse = await record(owner, member, listingId);
    expect(reverse.status).toBe(200);
    expect(await json(reverse)).toMatchObject({ id: first.id, initiatorId: member.id });
    // Completed barters are returned too.
    expect((await patch(`/api/barters/${first.id}/complete`, owner)).status).toBe(200);
    const afterCompletion = await record(member, owner, listingId);
    expect(afterCompletion.status).toBe(200);
    expect(await json(afterCompletion)).toMatchObject({ id: first.id, status: 'completed' });
  });

  it('creates only one barter when two requests race', async () => {
    const { owner, member, listingId } = await talking();
    const [a, b] = await Promise.all([record(member, owner, listingId), record(owner, member, listingId)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((await json(a)).id).toBe((await json(b)).id);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM barters WHERE listing_id = ?')
      .bind(listingId)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it('records a new barter once the earlier one was cancelled', async () => {
    const { owner, member, listingId } = await talking();
    const first = await recorded(member, owner, listingId);
    expect((await patch(`/api/barters/${first.id}/cancel`, member)).status).toBe(200);
    const second = await record(member, owner, listingId);
    expect(second.status).toBe(201);
    expect((await json(second)).id).not.toBe(first.id);
  });

  it('requires a signed-in member acting as themselves', async () => {
    const { owner, member, listingId } = await talking();
    const visitor = await call('/api/barters', { body: { listingId, recipientId: owner.id } });
    expect(visitor.status).toBe(401);
    const other = await signUp();
    const impersonating = await record(member, owner, listingId, { initiatorId: other.id });
    expect(impersonating.status).toBe(403);
  });

  it.each([
    [{ listingId: undefined }, 'listingId', 'Please choose the listing that was bartered'],
    [{ listingId: 'abc' }, 'listingId', 'Please choose the listing that was bartered'],
    [{ recipientId: undefined }, 'recipientId', 'Please choose the other member of the barter'],
    [{ recipientId: -3 }, 'recipientId', 'Please choose the other member of the barter'],
    [{ initiatorId: 'me' }, 'initiatorId', 'Invalid initiator id'],
    [{ status: 'completed' }, 'status', 'A new barter starts as pending'],
  ])('refuses %o with the schema message', async (override, field, text) => {
    const { owner, member, listingId } = await talking();
    const response = await record(member, owner, listingId, override);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.message).toBe(text);
    expect(body.errors[field]).toBe(text);
  });

  it('answers 404 for an unknown listing or recipient', async () => {
    const { owner, member } = await talking();
    const noListing = await record(member, owner, 999_999_999);
    expect(noListing.status).toBe(404);
    expect(await json(noListing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    const { listingId } = await talking();
    const noUser = await record(member, 999_999_999, listingId);
    expect(noUser.status).toBe(404);
    expect(await json(noUser)).toEqual({ message: 'User not found', code: 'user_not_found' });
  });

  it('refuses a barter with yourself, between two non-owners, or before any message', async () => {
    const { owner, member, listingId } = await talking();
    const self = await record(owner, owner, listingId);
    expect(self.status).toBe(400);
    expect(await json(self)).toEqual({ message: 'You cannot record a barter with yourself', code: expect.any(String) });

    const other = await signUp();
    const nonOwners = await record(member, other, listingId);
    expect(nonOwners.status).toBe(400);
    expect(await json(nonOwners)).toEqual({
      message: 'One of the two members must own the listing',
      code: expect.any(String),
    });

    const silent = await record(other, owner, listingId);
    expect(silent.status).toBe(400);
    expect(await json(silent)).toEqual({
      message: 'Send a message about this listing before recording a barter',
      code: expect.any(String),
    });
    // A message about another listing does not count.
    const otherListing = await insertListing(owner, 'A different listing');
    await message(other, owner, otherListing);
    expect((await record(other, owner, listingId)).status).toBe(400);
    // The owner's message to the member counts just as well.
    await message(owner, other, listingId);
    expect((await record(other, owner, listingId)).status).toBe(201);
  });
});

describe('PATCH /api/barters/:id/complete', () => {
  it('only the recipient confirms; both counts go up once; repeating changes nothing', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(member, owner, listingId);

    const byInitiator = await patch(`/api/barters/${barter.id}/complete`, member);
    expect(byInitiator.status).toBe(403);
    expect(await json(byInitiator)).toEqual({
      message: 'Waiting for the other member to confirm',
      code: expect.any(String),
    });
    expect(await bartersCompleted(owner, member)).toEqual([0, 0]);

    const confirmed = await patch(`/api/barters/${barter.id}/complete`, owner);
    expect(confirmed.status).toBe(200);
    const completed = await json(confirmed);
    expect(completed).toMatchObject({ id: barter.id, status: 'completed', completedAt: expect.stringMatching(/Z$/) });
    expect(await bartersCompleted(owner, member)).toEqual([1, 1]);

    for (const who of [owner, member]) {
      const again = await patch(`/api/barters/${barter.id}/complete`, who);
      expect(again.status).toBe(200);
      expect(await json(again)).toEqual(completed);
    }
    expect(await bartersCompleted(owner, member)).toEqual([1, 1]);
    const profile = await json(await call(`/api/auth/current-user`, { cookie: member.cookie }));
    expect(profile.bartersCompleted).toBe(1);
  });

  it('counts once when two confirmations race', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(member, owner, listingId);
    const replies = await Promise.all([1, 2, 3].map(() => patch(`/api/barters/${barter.id}/complete`, owner)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await bartersCompleted(owner, member)).toEqual([1, 1]);
  });

  it('refuses visitors, outsiders and admins who are not a party, and unknown barters', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(member, owner, listingId);
    const [outsider, admin] = await Promise.all([signUp(), signUpAdmin()]);
    expect((await patch(`/api/barters/${barter.id}/complete`)).status).toBe(401);
    expect((await patch(`/api/barters/${barter.id}/complete`, outsider)).status).toBe(403);
    expect((await patch(`/api/barters/${barter.id}/complete`, admin)).status).toBe(403);
    const missing = await patch('/api/barters/999999999/complete', owner);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Barter not found', code: expect.any(String) });
    expect(await bartersCompleted(owner, member)).toEqual([0, 0]);
  });

  it('refuses a cancelled barter with 409', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(member, owner, listingId);
    expect((await patch(`/api/barters/${barter.id}/cancel`, owner)).status).toBe(200);
    const response = await patch(`/api/barters/${barter.id}/complete`, owner);
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: 'This barter was cancelled', code: expect.any(String) });
    expect(await bartersCompleted(owner, member)).toEqual([0, 0]);
  });
});

describe('PATCH /api/barters/:id/cancel', () => {
  it('lets either party cancel while pending; cancelling again changes nothing', async () => {
    const { owner, member, listingId } = await talking();
    const first = await recorded(member, owner, listingId);
    const byInitiator = await patch(`/api/barters/${first.id}/cancel`, member);
    expect(byInitiator.status).toBe(200);
    const cancelled = await json(byInitiator);
    expect(cancelled).toMatchObject({ id: first.id, status: 'cancelled', completedAt: null });
    const again = await patch(`/api/barters/${first.id}/cancel`, owner);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(cancelled);

    const second = await recorded(member, owner, listingId);
    const byRecipient = await patch(`/api/barters/${second.id}/cancel`, owner);
    expect(byRecipient.status).toBe(200);
    expect((await json(byRecipient)).status).toBe('cancelled');
  });

  it('refuses a completed barter with 409', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(owner, member, listingId);
    expect((await patch(`/api/barters/${barter.id}/complete`, member)).status).toBe(200);
    for (const who of [owner, member]) {
      const response = await patch(`/api/barters/${barter.id}/cancel`, who);
      expect(response.status).toBe(409);
      expect(await json(response)).toEqual({
        message: 'A completed barter cannot be cancelled',
        code: expect.any(String),
      });
    }
    expect(await bartersCompleted(owner, member)).toEqual([1, 1]);
  });

  it('refuses visitors, outsiders and unknown barters', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(member, owner, listingId);
    const outsider = await signUp();
    expect((await patch(`/api/barters/${barter.id}/cancel`)).status).toBe(401);
    expect((await patch(`/api/barters/${barter.id}/cancel`, outsider)).status).toBe(403);
    expect((await patch('/api/barters/999999999/cancel', owner)).status).toBe(404);
    const still = await json(await call(`/api/barters/${barter.id}`, { cookie: owner.cookie }));
    expect(still.status).toBe('pending');
  });
});

describe('GET /api/barters/:id', () => {
  it('leaves non-numeric paths such as /api/barters/count to other routes', async () => {
    const member = await signUp();
    const response = await call('/api/barters/count', { cookie: member.cookie });
    expect(await json(response)).not.toEqual({ message: 'Barter not found', code: expect.any(String) });
  });

  it('shows the barter to both parties and admins only', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await recorded(member, owner, listingId);
    const [outsider, admin] = await Promise.all([signUp(), signUpAdmin()]);
    for (const who of [owner, member, admin]) {
      const response = await call(`/api/barters/${barter.id}`, { cookie: who.cookie });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual(barter);
    }
    expect((await call(`/api/barters/${barter.id}`, { cookie: outsider.cookie })).status).toBe(403);
    expect((await call(`/api/barters/${barter.id}`)).status).toBe(401);
    expect((await call('/api/barters/999999999', { cookie: owner.cookie })).status).toBe(404);
  });
});

describe('GET /api/listings/:id/barters', () => {
  it('shows the owner and admins every barter, another member only their own', async () => {
    const [owner, alice, bob, outsider, admin] = await Promise.all([
      signUp(),
      signUp(),
      signUp(),
      signUp(),
      signUpAdmin(),
    ]);
    const listingId = await insertListing(owner);
    await message(alice, owner, listingId);
    await message(bob, owner, listingId);
    const withAlice = await recorded(alice, owner, listingId);
    const withBob = await recorded(owner, bob, listingId);

    const ids = async (who?: Member) => {
      const response = await call(`/api/listings/${listingId}/barters`, { cookie: who?.cookie });
      expect(response.status).toBe(200);
      return (await json<any[]>(response)).map((b) => b.id);
    };
    expect(await ids(owner)).toEqual([withBob.id, withAlice.id]);
    expect(await ids(admin)).toEqual([withBob.id, withAlice.id]);
    expect(await ids(alice)).toEqual([withAlice.id]);
    expect(await ids(bob)).toEqual([withBob.id]);
    expect(await ids(outsider)).toEqual([]);

    const rows = await json<any[]>(await call(`/api/listings/${listingId}/barters`, { cookie: alice.cookie }));
    expect(rows[0]).toMatchObject({ initiatorId: alice.id, recipientId: owner.id, status: 'pending' });
  });

  it('answers 401 for visitors and 404 for an unknown listing', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    expect((await call(`/api/listings/${listingId}/barters`)).status).toBe(401);
    const missing = await call('/api/listings/999999999/barters', { cookie: owner.cookie });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
  });
});
