// What a Chromium page sent to the Worker, from the DevTools protocol's network events (the
// ones Playwright's page.on('request'/'response') are built on, plus what those leave out: whether
// an answer came from the browser's cache, and the WebSocket handshakes and frames).
//
// A request reached the Worker when its answer carries the metering layer's X-Meter header
// (worker/lib/meter) and was not served from the browser's cache (a cached copy keeps the header).
// Static assets (the SPA's files) never reach the Worker: Workers Static Assets serves them free.

const header = (headers, name) => {
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
};

/**
 * Starts recording a page's network. Returns { entries, sockets, inFlight(), quiet(ms), mark(),
 * since(mark) }: `entries` are the HTTP requests ({ url, method, type, status, cached, counts,
 * meterRequest, postData, headers }), `sockets` the WebSockets ({ url, counts, framesSent,
 * framesReceived }).
 */
export async function recordNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  const entries = [];
  const sockets = [];
  const socketsById = new Map();
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());

  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    // A redirect reuses the id: the earlier hop is finished.
    const entry = {
      url: e.request.url,
      method: e.request.method,
      type: e.type,
      status: null,
      cached: false,
      counts: null,
      meterRequest: null,
      postData: e.request.postData ?? null,
      headers: e.request.headers,
      done: false,
    };
    const previous = byId.get(e.requestId);
    if (previous) previous.done = true;
    byId.set(e.requestId, entry);
    entries.push(entry);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    touch();
    const entry = byId.get(e.requestId);
    if (!entry) return;
    entry.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) entry.cached = true;
    const meter = header(e.response.headers, 'x-meter');
    if (meter && !entry.cached) entry.counts = JSON.parse(meter);
    entry.meterRequest = header(e.response.headers, 'x-meter-request') ?? null;
  });
  for (const event of ['Network.loadingFinished', 'Network.loadingFailed']) {
    cdp.on(event, (e) => {
      touch();
      const entry = byId.get(e.requestId);
      if (entry) entry.done = true;
    });
  }
  cdp.on('Network.webSocketCreated', (e) => {
    touch();
    const socket = { url: e.url, counts: null, framesSent: 0, framesReceived: 0, closed: false };
    socketsById.set(e.requestId, socket);
    sockets.push(socket);
  });
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    touch();
    const socket = socketsById.get(e.requestId);
    const meter = header(e.response.headers, 'x-meter');
    if (socket && meter) socket.counts = JSON.parse(meter);
  });
  cdp.on('Network.webSocketFrameSent', (e) => {
    touch();
    const socket = socketsById.get(e.requestId);
    if (socket) socket.framesSent += 1;
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    const socket = socketsById.get(e.requestId);
    if (socket) socket.framesReceived += 1;
  });
  cdp.on('Network.webSocketClosed', (e) => {
    const socket = socketsById.get(e.requestId);
    if (socket) socket.closed = true;
  });

  const inFlight = () => entries.filter((e) => !e.done && !e.url.startsWith('data:')).length;
  return {
    entries,
    sockets,
    inFlight,
    /** Resolves once no request has been in flight or started for `ms` (at most `timeoutMs`). */
    async quiet(ms = 400, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight() === 0 && Date.now() - lastActivity >= ms) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await cdp.detach().catch(() => {});
    },
  };
}
