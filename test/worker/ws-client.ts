// A test-side socket: collects the server frames it receives (validated with the shared schema)
// and waits for one. The deadline only bounds a failure: it is generous, so a busy machine (two
// cores shared with the browser tests) never fails a test that would pass on a quiet one.
import { expect } from 'vitest';
import { parseServerFrame, serverFrameSchema, type ServerFrame } from '@/shared/ws-frames';

export interface TestSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  closed: () => boolean;
  /** The code and reason of the close received, once closed. */
  closeEvent: () => { code: number; reason: string } | null;
  send: (frame: unknown) => void;
  next: (predicate: (frame: ServerFrame) => boolean, timeoutMs?: number) => Promise<ServerFrame>;
}

export function openSocket(response: Response): TestSocket {
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const frames: ServerFrame[] = [];
  let isClosed = false;
  let closeEvent: { code: number; reason: string } | null = null;
  socket.addEventListener('message', (event) => {
    const parsed = parseServerFrame(serverFrameSchema, event.data as string);
    if (!parsed.ok) throw new Error(`invalid server frame: ${String(event.data)} (${parsed.error})`);
    frames.push(parsed.frame);
  });
  socket.addEventListener('close', (event) => {
    isClosed = true;
    closeEvent = { code: event.code, reason: event.reason };
  });
  return {
    socket,
    frames,
    closed: () => isClosed,
    closeEvent: () => closeEvent,
    send: (frame) =>
      socket.send(typeof frame === 'string' || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame)),
    async next(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

/** Lets in-flight frames arrive before asserting that something did NOT arrive. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
