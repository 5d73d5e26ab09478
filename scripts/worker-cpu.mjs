// The Worker isolate's own CPU time per request, from V8's sampling CPU profiler, for
// `npm run quota` (docs/performance.md, "Free-plan quota report", "Worker JS CPU").
//
// wrangler dev (started with --inspector-port) serves a Chrome DevTools Protocol endpoint for the
// user Worker's isolate, the one that runs worker/index.ts and its Durable Object classes (local
// D1, KV and R2 are other isolates, wrangler's proxy another process; none of them is profiled).
// One profile runs across many requests; the script notes each request's start and end on the
// machine's monotonic clock, which is the clock V8 stamps its samples with, and every sample is
// given to the request whose window it falls in.
//
// V8 records a sample only while the isolate is entered (running JavaScript, WebAssembly, garbage
// collection, or the runtime's native code on the Worker's behalf), so the time between two samples
// may include time the isolate was not running at all (waiting for D1, or another isolate running).
// Each sample therefore counts the time since the previous one, but at most 1.5 × the profile's
// median spacing: a sample after a pause stands for one tick, not for the pause. `(idle)` samples
// do not count; `(program)` (native work while the isolate is entered) and `(garbage collector)` do.

/** The sampling interval asked of V8, in µs. */
export const SAMPLING_INTERVAL_US = 100;

/** Samples further apart than this are not used to find the typical spacing, in µs. */
const SPACING_LIMIT_US = 10 * SAMPLING_INTERVAL_US;

/** Median of the spacings below SPACING_LIMIT_US; the requested interval when there are none. */
export function typicalSpacingUs(timeDeltas) {
  const close = timeDeltas.filter((d) => d > 0 && d < SPACING_LIMIT_US).sort((a, b) => a - b);
  if (close.length < 5) return SAMPLING_INTERVAL_US * 1.7;
  return close[Math.floor(close.length / 2)];
}

/** What a profile node's sample counts as: 'idle' (not counted), 'gc', 'program' or 'js'. */
export function sampleCategory(callFrame) {
  switch (callFrame.functionName) {
    case '(idle)':
      return 'idle';
    case '(garbage collector)':
      return 'gc';
    case '(program)':
    case '(root)':
      return 'program';
    default:
      return 'js';
  }
}

/**
 * Whose work a sample is, from its stack (decision 022, "Whose CPU a sample is"). Locally every
 * Durable Object runs in the Worker's isolate, so one profile holds the samples of a cron job's
 * invocation and of the objects it calls, interleaved in time; in production each call into an
 * object is that object's own invocation (its own 10 ms) and the caller only awaits it. A sample
 * is charged to the objects the invocation called (`objects`) only when its stack shows it:
 *
 *  - `call`: it stopped inside a Durable Object stub call, in the meter's `durableObjectCall`
 *    (worker/lib/meter/bindings.ts). That is native work of the runtime under the call; locally it
 *    is the called object's start-up (its SQLite storage is created on the first call): measured
 *    at about 1.5 ms a call to a new object and under 0.01 ms a call to a live one
 *    (docs/performance.md, "Cron invocations: one per job"). Back-to-back calls cannot always be
 *    told apart (the few microseconds of JavaScript between them are rarely sampled), so a run of
 *    such samples may hold several calls: its time is an upper bound of one call's share.
 *  - `handler`: a frame of the called object's own code is on the stack: miniflare's wrapper
 *    around every Durable Object class (`__mf_do_wrapper.js`, local only: it names the object in
 *    its storage), or a function whose source (through the bundle's source map) is one of
 *    `objectSources` (the Durable Object classes other than the invocation's own).
 *
 * Everything else is the invocation's own (`own`), including what cannot be told apart: the
 * runtime's D1 code resumed after a query answers carries no frame of who asked, so it stays with
 * the job even when an object asked (the objects read D1 only with a bell socket open). Returns
 * (nodeId) → { kind: 'own' | 'call' | 'handler', call?: the stub-call function's name }.
 */
export function objectSampleClassifier(
  profile,
  { sourceOf = () => null, objectSources = () => false, callFunctions = ['durableObjectCall'] } = {},
) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const calls = new Set(callFunctions);
  const frameIsObject = new Map();
  const isObjectFrame = (node) => {
    if (!frameIsObject.has(node.id)) {
      const { url } = node.callFrame;
      frameIsObject.set(
        node.id,
        url.endsWith('__mf_do_wrapper.js') ||
          url.endsWith('/do-wrapper.worker.js') ||
          objectSources(sourceOf(node.callFrame) ?? ''),
      );
    }
    return frameIsObject.get(node.id);
  };
  const memo = new Map();
  return (id) => {
    if (memo.has(id)) return memo.get(id);
    const leaf = nodes.get(id);
    let result = { kind: 'own' };
    if (calls.has(leaf.callFrame.functionName)) result = { kind: 'call', call: leaf.callFrame.functionName };
    else
      for (let at = id; at !== undefined; at = parent.get(at)) {
        if (isObjectFrame(nodes.get(at))) {
          result = { kind: 'handler' };
          break;
        }
      }
    memo.set(id, result);
    return result;
  };
}

/**
 * The source file of a profile frame in the Worker's bundle, through its source map (Node's
 * module.SourceMap; lines and columns 0-based in both), or null.
 */
export async function bundleSourceResolver(mapFile, bundleName = 'index.js') {
  const { SourceMap } = await import('node:module');
  const { readFileSync } = await import('node:fs');
  const map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
  const memo = new Map();
  return (callFrame) => {
    if (!callFrame.url || !(callFrame.url === bundleName || callFrame.url.endsWith(`/${bundleName}`))) return null;
    const key = `${callFrame.lineNumber}:${callFrame.columnNumber}`;
    if (!memo.has(key))
      memo.set(key, map.findEntry(callFrame.lineNumber, callFrame.columnNumber)?.originalSource ?? null);
    return memo.get(key);
  };
}

/**
 * Gives each sample of a CPU profile to the window it falls in.
 *
 * `windows`: [{ start, end, ... }] in µs on the monotonic clock (process.hrtime), sorted by start
 * and not overlapping. A sample belongs to the last window that started at or before it, if it is
 * no later than that window's end + tailUs (work the Worker does after its response: waitUntil)
 * and before the next window's start. Returns, per window, { ms, samples, jsMs, gcMs, programMs,
 * selfMs } (ms = jsMs + gcMs + programMs; selfMs: ms per function the samples stopped in), plus
 * the ms no window took and the cap used.
 *
 * With `classify` (objectSampleClassifier), the samples the stack shows to be the called Durable
 * Objects' are taken out of `ms` (which is then the invocation's own) and counted per window as
 * `objects` = { callMs (inside stub calls), handlerMs (the objects' code), ms (both), calls (runs
 * of stub-call samples), maxCallMs (the longest run: an upper bound of one call's share) };
 * `totalMs` keeps the window's whole figure.
 */
export function attributeSamples(profile, windows, { tailUs = 50_000, classify = null } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const spacing = typicalSpacingUs(profile.timeDeltas);
  const cap = 1.5 * spacing;
  const result = windows.map(() => ({
    ms: 0,
    totalMs: 0,
    samples: 0,
    jsMs: 0,
    gcMs: 0,
    programMs: 0,
    selfMs: new Map(),
    objects: { callMs: 0, handlerMs: 0, ms: 0, calls: 0, maxCallMs: 0 },
  }));
  /** The stub-call run going on: { window, call, ms }. */
  let run = null;
  let unattributedMs = 0;
  let time = profile.startTime;
  let w = -1;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i];
    time += delta;
    const category = sampleCategory(nodes.get(profile.samples[i]).callFrame);
    if (category === 'idle') {
      run = null;
      continue;
    }
    const ms = Math.min(Math.max(delta, 0), cap) / 1000;
    while (w + 1 < windows.length && windows[w + 1].start <= time) w += 1;
    const inWindow = w >= 0 && time <= windows[w].end + tailUs;
    if (!inWindow) {
      unattributedMs += ms;
      continue;
    }
    const entry = result[w];
    entry.samples += 1;
    entry.totalMs += ms;
    const whose = classify ? classify(profile.samples[i]) : { kind: 'own' };
    if (whose.kind !== 'call') run = null;
    if (whose.kind !== 'own') {
      const objects = entry.objects;
      objects.ms += ms;
      if (whose.kind === 'handler') objects.handlerMs += ms;
      else {
        objects.callMs += ms;
        if (!run || run.window !== w || run.call !== whose.call) {
          run = { window: w, call: whose.call, ms: 0 };
          objects.calls += 1;
        }
        run.ms += ms;
        objects.maxCallMs = Math.max(objects.maxCallMs, run.ms);
      }
      continue;
    }
    entry.ms += ms;
    entry[`${category}Ms`] += ms;
    const { functionName, url, lineNumber } = nodes.get(profile.samples[i]).callFrame;
    const where = url ? `${functionName || '(anonymous)'} (${url}:${lineNumber + 1})` : functionName || '(anonymous)';
    entry.selfMs.set(where, (entry.selfMs.get(where) ?? 0) + ms);
  }
  return { windows: result, unattributedMs, spacingUs: spacing, capUs: cap };
}

/** Samples whose stack runs through WebAssembly (the PasswordHasher's Argon2id), per window: for --self-check. */
export function wasmMsPerWindow(profile, windows) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inWasm = new Map();
  const throughWasm = (id) => {
    if (inWasm.has(id)) return inWasm.get(id);
    const node = nodes.get(id);
    const value = node.callFrame.url.startsWith('wasm') || (parent.has(id) && throughWasm(parent.get(id)));
    inWasm.set(id, value);
    return value;
  };
  const cap = 1.5 * typicalSpacingUs(profile.timeDeltas);
  const out = windows.map(() => 0);
  let time = profile.startTime;
  let w = -1;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    while (w + 1 < windows.length && windows[w + 1].start <= time) w += 1;
    if (w < 0 || time > windows[w].end + 50_000 || !throughWasm(profile.samples[i])) continue;
    out[w] += Math.min(Math.max(profile.timeDeltas[i], 0), cap) / 1000;
  }
  return out;
}

/** The monotonic clock V8 stamps samples with (CLOCK_MONOTONIC), in µs. */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Connects to the user Worker's isolate through wrangler's inspector port. Returns
 * { start(), stop() → { profile, windows }, track(kind, fn), settle(kind, ms) , close() }:
 * start() begins a profile; track() runs one request (or other piece of work) and notes its
 * window under `kind`; stop() ends the profile and hands back the profile and the windows.
 */
export async function connectProfiler(inspectorPort, { workerName } = {}) {
  const base = `http://127.0.0.1:${inspectorPort}`;
  let targets;
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      targets = await (await fetch(`${base}/json/list`)).json();
      if (targets.length) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!targets?.length) throw new Error(`No DevTools target on the inspector port ${inspectorPort}`);
  // wrangler lists one target per user Worker ("Cloudflare Worker" when there is one).
  const target = targets.find((t) => workerName && t.title?.endsWith(`: ${workerName}`)) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: 'http://127.0.0.1' } });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = (event) => reject(new Error(`Inspector connection failed: ${event.message ?? 'error'}`));
  });
  let nextId = 0;
  const pending = new Map();
  let closed = false;
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    // workerd answers Profiler.enable and setSamplingInterval by echoing the command.
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(`${message.error.message} (${message.error.code})`));
      else resolve(message.result ?? {});
    }
  };
  socket.onclose = () => {
    closed = true;
    for (const { reject } of pending.values()) reject(new Error('The inspector connection closed'));
    pending.clear();
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('The inspector connection is closed'));
      const id = (nextId += 1);
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });

  let windows = null;
  return {
    async start() {
      if (windows) throw new Error('A profile is already running');
      const before = nowUs();
      await send('Profiler.start');
      windows = [];
      windows.startedBetween = [before, nowUs()];
    },
    /** Runs fn() as one window of `kind`; returns what fn returns. */
    async track(kind, fn) {
      if (!windows) return fn();
      const window = { kind, start: nowUs(), end: 0 };
      windows.push(window);
      try {
        return await fn();
      } finally {
        window.end = nowUs();
      }
    },
    async stop() {
      if (!windows) throw new Error('No profile is running');
      const { profile } = await send('Profiler.stop');
      const taken = windows;
      windows = null;
      if (!profile) throw new Error('Profiler.stop returned no profile');
      // The sample clock must be the monotonic clock the windows use.
      const [from, to] = taken.startedBetween;
      if (profile.startTime < from - 1000 || profile.startTime > to + 1000) {
        throw new Error(
          `The profile's clock (start ${profile.startTime} µs) is not the monotonic clock of this process (${from}–${to} µs)`,
        );
      }
      return { profile, windows: taken };
    },
    close() {
      socket.close();
    },
  };
}

/** Epoch µs minus monotonic µs, read now: turns the Worker's Date.now() stamps into sample time. */
export function epochOffsetUs() {
  const before = nowUs();
  const epochUs = (performance.timeOrigin + performance.now()) * 1000;
  return epochUs - (before + nowUs()) / 2;
}

/**
 * Splits one cron trigger's window into its invocations (decision 022, "One invocation per job"):
 * the dispatcher (the scheduled handler) and each job invocation of the CronJobs Durable Object,
 * from the meter's records (GET /api/dev/meter: `cronJobs`, each with `startedAt`, the Date.now()
 * its invocation began with, and `returnedAt`, when the dispatcher had its answer; epoch ms, as
 * workerd's clock gives them). A job's window runs from its start to its answer (+1 ms: the
 * stamps are whole ms); the dispatcher gets what lies between, up to `dispatcherEndMs` (+1 ms);
 * the rest of the window (the script's own meter reads) goes to `(script) meter reads`.
 * Locally the Durable Object runs in the Worker's isolate, so its samples are in the same profile.
 * A job's window carries its `record`.
 */
export function cronInvocationWindows(window, records, dispatcherEndMs, offsetUs, prefix) {
  const toUs = (ms) => ms * 1000 - offsetUs;
  const out = [];
  let at = window.start;
  const piece = (kind, start, end, record) => {
    const from = Math.max(at, start);
    const to = Math.min(Math.max(from, end), window.end);
    if (to > from) out.push({ kind, start: from, end: to, ...(record ? { record } : {}) });
    at = Math.max(at, to);
  };
  for (const record of [...records].sort((a, b) => a.startedAt - b.startedAt)) {
    piece(`${prefix} dispatcher`, at, toUs(record.startedAt));
    piece(`${prefix} job ${record.job}`, toUs(record.startedAt), toUs(record.returnedAt + 1), record);
  }
  piece(`${prefix} dispatcher`, at, toUs(dispatcherEndMs + 1));
  piece('(script) meter reads', at, window.end);
  return out;
}
