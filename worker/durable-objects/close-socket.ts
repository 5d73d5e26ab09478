// One way for the Durable Objects to close a socket with a code: a socket that closed meanwhile
// (its client left, or another close reached it first) is not an error.
export function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
