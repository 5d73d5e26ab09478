import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ConversationRoom } from '../../worker/durable-objects/conversation-room';

function room() {
  const ns = env.CONVERSATION_ROOM as DurableObjectNamespace<ConversationRoom>;
  return ns.get(ns.idFromName(crypto.randomUUID()));
}

async function connect(stub: DurableObjectStub<ConversationRoom>, userId: number) {
  const response = await stub.fetch(`http://room/?userId=${userId}`, { headers: { Upgrade: 'websocket' } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const frames: unknown[] = [];
  socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
  return { socket, frames };
}

describe('ConversationRoom', () => {
  it('refuses requests that are not WebSocket upgrades', async () => {
    expect((await room().fetch('http://room/')).status).toBe(426);
  });

  it('sends a broadcast frame to every open socket of the room, and only that room', async () => {
    const stub = room();
    const a = await connect(stub, 1);
    const b = await connect(stub, 2);
    const elsewhere = await connect(room(), 3);
    const frame = { type: 'message', message: { id: 1, content: 'Hello' } };
    expect(await stub.broadcast(frame)).toBe(2);
    await expect.poll(() => a.frames.length).toBe(1);
    await expect.poll(() => b.frames.length).toBe(1);
    expect(a.frames[0]).toEqual(frame);
    expect(elsewhere.frames).toEqual([]);
    for (const s of [a, b, elsewhere]) s.socket.close(1000, 'done');
  });
});
