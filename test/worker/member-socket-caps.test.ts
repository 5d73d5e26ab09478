// Sockets per member (issue 22, N12; decision 039): a member holds at most MAX_BELL_SOCKETS bell
// sockets and MAX_CHAT_SOCKETS live-chat sockets (conversations and trade circles, across rooms);
// past either cap the newest socket is handed out closed with 4029 "Too many open sockets", and a
// place comes back when one of the member's sockets closes. The bell is push-only: a socket that
// sends a frame is closed with 4008. Driven through the Worker's routes, as the SPA opens them.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_BELL_SOCKETS, MAX_CHAT_SOCKETS } from '@worker/durable-objects/member-sockets';
import { memberSocketsStub } from '@worker/durable-objects/member-sockets-client';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { call, insertListing, ORIGIN, signUp } from './helpers';
import { openSocket, settle, type TestSocket } from './ws-client';

const TOO_MANY = { code: 4029, reason: 'Too many open sockets' };
const upgrade = { Upgrade: 'websocket', Origin: ORIGIN };

const bell = async (cookie: string) => openSocket(await call('/api/notifications/ws', { cookie, headers: upgrade }));
const chat = async (cookie: string, partnerId: number, listingId: number) =>
  openSocket(await call(`/api/conversations/${partnerId}/${listingId}/ws`, { cookie, headers: upgrade }));

function closeAll(...sockets: TestSocket[]) {
  for (const socket of sockets) if (!socket.closed()) socket.socket.close(1000, 'done');
}

describe('sockets per member', () => {
  it(`holds at most ${MAX_BELL_SOCKETS} bell sockets: the next is closed with 4029 and gets no bell; a closed tab frees a place`, async () => {
    const [member, other] = await Promise.all([signUp(), signUp()]);
    const held: TestSocket[] = [];
    for (let i = 0; i < MAX_BELL_SOCKETS; i++) held.push(await bell(member.cookie));
    await Promise.all(held.map((socket) => socket.next((f) => f.type === 'notifications')));
    const over = await bell(member.cookie);
    await expect.poll(() => over.closeEvent()).toEqual(TOO_MANY);
    expect(over.frames).toEqual([]);
    expect(await memberSocketsStub(env, member.id).bellSocketCount()).toBe(MAX_BELL_SOCKETS);
    // Another member is not affected.
    const theirs = await bell(other.cookie);
    await theirs.next((f) => f.type === 'notifications');
    held.pop()!.socket.close(1000, 'tab closed');
    await expect.poll(() => memberSocketsStub(env, member.id).bellSocketCount()).toBe(MAX_BELL_SOCKETS - 1);
    const again = await bell(member.cookie);
    await again.next((f) => f.type === 'notifications');
    expect(again.closed()).toBe(false);
    for (const socket of held) expect(socket.closed()).toBe(false);
    closeAll(again, theirs, ...held);
  });

  it(`holds at most ${MAX_CHAT_SOCKETS} live-chat sockets across conversations: the next is closed with 4029, in any room`, async () => {
    const [member, owner1, owner2] = await Promise.all([signUp(), signUp(), signUp()]);
    const [listing1, listing2] = await Promise.all([insertListing(owner1), insertListing(owner2)]);
    const held: TestSocket[] = [];
    // Most in one conversation, the rest in another: the cap counts across rooms.
    for (let i = 0; i < MAX_CHAT_SOCKETS - 2; i++) held.push(await chat(member.cookie, owner1.id, listing1));
    for (let i = 0; i < 2; i++) held.push(await chat(member.cookie, owner2.id, listing2));
    await settle();
    for (const socket of held) expect(socket.closed()).toBe(false);
    const over = await chat(member.cookie, owner1.id, listing1);
    const overElsewhere = await chat(member.cookie, owner2.id, listing2);
    await expect.poll(() => over.closeEvent()).toEqual(TOO_MANY);
    await expect.poll(() => overElsewhere.closeEvent()).toEqual(TOO_MANY);
    expect(await roomStub(env, listing1, owner1.id, member.id).openSocketCount(member.id)).toBe(MAX_CHAT_SOCKETS - 2);
    // The partner's own socket in the same room is not the member's: it opens.
    const partner = await chat(owner1.cookie, member.id, listing1);
    await settle();
    expect(partner.closed()).toBe(false);
    // The refused sockets were never counted: one closed socket frees exactly one place.
    held.pop()!.socket.close(1000, 'tab closed');
    await expect.poll(() => roomStub(env, listing2, owner2.id, member.id).openSocketCount(member.id)).toBe(1);
    await settle();
    const again = await chat(member.cookie, owner2.id, listing2);
    await settle();
    expect(again.closed()).toBe(false);
    const overAgain = await chat(member.cookie, owner1.id, listing1);
    await expect.poll(() => overAgain.closeEvent()).toEqual(TOO_MANY);
    // Sign-out still reaches every socket (every room stays within the registry's reach).
    expect((await call('/api/auth/logout', { method: 'POST', cookie: member.cookie })).status).toBe(200);
    for (const socket of [...held, again])
      await expect.poll(() => socket.closeEvent()).toEqual({ code: 4001, reason: 'Session ended' });
    closeAll(partner);
  });

  it('closes a bell socket that sends anything with 4008: the bell is push-only', async () => {
    const member = await signUp();
    const socket = await bell(member.cookie);
    await socket.next((f) => f.type === 'notifications');
    socket.send({ type: 'typing' });
    await expect.poll(() => socket.closeEvent()).toEqual({ code: 4008, reason: 'This socket only receives' });
  });
});
