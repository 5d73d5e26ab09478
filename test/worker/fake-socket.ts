// A socket the SPA's reconnecting client (src/lib/live-socket.ts) can be given in place of a
// WebSocket, driven by the test: it opens, fails as a lost connect does, or is closed by the server.
import type { SocketLike } from '@/lib/live-socket';

export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** The connect failed (the server away, the network gone): error, then close 1006. */
  fail() {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code: 1006, reason: '' } as CloseEvent);
  }
  /** The server closes the socket right after the upgrade, with `code`. */
  closedBy(code: number, reason: string) {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}
