#!/usr/bin/env node
// What Web Push costs (docs/performance.md, "Web Push"; decision 064), in three parts:
//  1. CPU per push of the cryptography alone (aes128gcm encryption for one browser and the VAPID
//     signature), the Worker's own modules bundled and run in Node's WebCrypto (OpenSSL; workerd
//     uses BoringSSL): process.cpuUsage over many pushes, so an upper bound for that part.
//  2. A 100-push burst in workerd (miniflare's, through test/worker/web-push-costs.test.ts):
//     invocations, and per invocation pushes, D1 queries, Durable Object calls, subrequests, rows
//     and wall time (the outbox's alarms run one by one on its injected clock).
//  3. The app as `npm start` runs it (wrangler dev, workerd, metering on, V8's profiler through the
//     inspector as `npm run quota` measures Worker CPU): a message from alice to bob (demo
//     accounts), first with no browser of bob's subscribed, then with 10 (the most a member
//     keeps), the pushes received by a stand-in push service on 127.0.0.1. The pushes' own CPU is
//     the samples whose stack runs through the sender (sendPush, encryptPayload,
//     vapidAuthorization: encryption, signature, the POST and its answer), so a busy machine's
//     noise in the rest of the message does not enter it; the meter gives each message's whole D1
//     queries and rows and Durable Object calls.
// Then the member-day: the measured per-event cost times the push events of the quota's
// member-day (scripts/quota/journeys.mjs: two messages and an offer a member-day). Exits 1 when an
// invocation of the burst sends more than a page or makes more than 50 subrequests, when a message
// with 10 browsers takes 10 ms of Worker CPU or more, or when a page of pushes would (the CPU a
// push measured in workerd × PUSH_PAGE).
//
//   npm run bench:push                 (builds first; about two minutes)
//   npm run bench:push -- --skip-build --reps 6 --json
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { attributeSamples, connectProfiler } from '../worker-cpu.mjs';
import { freePort, startApp } from '../lib/bench-app.mjs';
import { workerSession } from '../lib/worker-session.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const reps = option('--reps', 6);
const cryptoPushes = option('--pushes', 2000);
const asJson = flag('--json');
const log = asJson ? () => {} : console.log;
const BROWSERS = 10;
/** Pushes an invocation sends (worker/durable-objects/push-pages.ts). */
const PUSH_PAGE = 20;
const CPU_LIMIT_MS = 10;
/** The sender's functions (worker/lib/web-push/): a sample under one of them is a push's CPU. */
const PUSH_FRAMES = new Set(['sendPush', 'encryptPayload', 'vapidAuthorization']);
const failures = [];
/** Push events in the quota's measured member-day (scripts/quota/journeys.mjs): two messages and an offer. */
const EVENTS_PER_MEMBER_DAY = 3;

const report = { node: process.version };

// ---- 1. The cryptography in Node's WebCrypto ----
const entry = `
export * from './worker/lib/web-push/encrypt.ts';
export * from './worker/lib/web-push/vapid.ts';
export * from './worker/lib/web-push/encoding.ts';
`;
const dir = mkdtempSync(join(tmpdir(), 'bench-push-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const bundled = await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'error',
});
writeFileSync(join(dir, 'push.mjs'), bundled.outputFiles[0].text);
const lib = await import(pathToFileURL(join(dir, 'push.mjs')).href);

async function browser() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const p256dh = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { pair, p256dh, auth: crypto.getRandomValues(new Uint8Array(16)) };
}
const payload = lib.utf8(
  JSON.stringify({
    title: 'New message from Robin Reed',
    body: 'Is the bike still there? I can pick it up this evening after work, around seven if that suits you…',
    url: '/messages/12-3-9',
    tag: 'conversation-12-9',
  }),
);
const vapid = await lib.generateVapidKeys();
const endpoint = 'https://fcm.googleapis.com/fcm/send/bench';
const target = await browser();
const onePush = async () => {
  await lib.encryptPayload(payload, { p256dh: target.p256dh, auth: target.auth });
  await lib.vapidAuthorization(endpoint, vapid, 'https://barter.example');
};
{
  const first = process.cpuUsage();
  await onePush(); // imports the VAPID key (once per isolate)
  const firstCpu = process.cpuUsage(first);
  for (let i = 0; i < 50; i++) await onePush();
  const encryptOnly = async () => lib.encryptPayload(payload, { p256dh: target.p256dh, auth: target.auth });
  const signOnly = async () => lib.vapidAuthorization(endpoint, vapid, 'https://barter.example');
  const measure = async (fn) => {
    const before = process.cpuUsage();
    for (let i = 0; i < cryptoPushes; i++) await fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / cryptoPushes;
  };
  report.nodeCrypto = {
    pushes: cryptoPushes,
    payloadBytes: payload.length,
    cpuMsPerPush: await measure(onePush),
    cpuMsEncrypt: await measure(encryptOnly),
    cpuMsSign: await measure(signOnly),
    cpuMsFirstPush: (firstCpu.user + firstCpu.system) / 1000,
  };
  const c = report.nodeCrypto;
  log(
    `1. Cryptography per push, Node ${process.version} WebCrypto (OpenSSL), ${cryptoPushes} pushes, ${c.payloadBytes}-byte payload:`,
  );
  log(
    `   ${c.cpuMsPerPush.toFixed(3)} ms CPU a push (encryption ${c.cpuMsEncrypt.toFixed(3)} ms, VAPID signature ${c.cpuMsSign.toFixed(3)} ms); the first push with the key import ${c.cpuMsFirstPush.toFixed(2)} ms`,
  );
}

// ---- 2. The 100-push burst in workerd (the Worker tests' miniflare) ----
{
  const run = spawnSync('node_modules/.bin/vitest', ['run', 'test/worker/web-push-costs.test.ts'], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  // The line may carry the reporter's colour codes before it.
  const line = /PUSH_BURST (\{.*\})/.exec(`${run.stdout}\n${run.stderr}`)?.[1];
  if (run.status !== 0 || !line) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    throw new Error('The burst measurement (test/worker/web-push-costs.test.ts) failed');
  }
  report.burst = JSON.parse(line);
  log(`\n2. A burst of ${report.burst.recipients} pushes in workerd (miniflare), one row an invocation:`);
  log('| Invocation | Pushes | D1 queries | DO calls | Subrequests | Rows read | Rows written | Wall ms |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const i of report.burst.invocations) {
    log(
      `| ${i.invocation} | ${i.pushes} | ${i.d1Queries} | ${i.doCalls} | ${i.subrequests} | ${i.d1RowsRead} | ${i.d1RowsWritten} | ${i.ms} |`,
    );
    if (i.pushes > PUSH_PAGE || i.subrequests > 50)
      failures.push(`${i.invocation}: ${i.pushes} pushes, ${i.subrequests} subrequests`);
  }
}

// ---- 3. The app in workerd: a message with 0 and with 10 browsers ----
const received = [];
const pushServer = createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    received.push({ path: request.url, urgency: request.headers.urgency, ttl: request.headers.ttl, at: Date.now() });
    response.writeHead(201).end();
  });
});
const pushPort = await freePort();
await new Promise((resolve) => pushServer.listen(pushPort, '127.0.0.1', resolve));
const persist = mkdtempSync(join(tmpdir(), 'bench-push-state-'));
process.on('exit', () => rmSync(persist, { recursive: true, force: true }));
const inspectorPort = await freePort();
log('\n3. Starting the app (npm start on a fresh demo state, metering and the inspector on)…');
const app = await startApp({ persist, inspectorPort, skipBuild: flag('--skip-build'), exitCode: 1 });
const session = workerSession(app.base, app.workerdPids);
const profiler = await connectProfiler(inspectorPort, { workerName: 'barter-market' });
try {
  const alice = await session.signIn('alice', 'password123');
  const bob = await session.signIn('bob', 'password123');
  const { body: listings } = await session.call('GET', `/api/users/${bob.id}/listings`, { cookie: alice.cookie });
  const listing = (listings.listings ?? listings).find((l) => l.status === 'active');
  if (!listing) throw new Error("No active listing of bob's in the demo data");

  /** One message alice → bob, measured whole (its work after the reply: the room, the bell, the push). */
  async function message(expectPushes) {
    const before = received.length;
    const sent = await session.call('POST', '/api/messages', {
      cookie: alice.cookie,
      body: {
        senderId: alice.id,
        receiverId: bob.id,
        listingId: listing.id,
        content: 'Still available? I could swap this week.',
      },
    });
    if (sent.status !== 201) throw new Error(`message: ${sent.status} ${sent.text.slice(0, 200)}`);
    const id = sent.response.headers.get('X-Meter-Request');
    const counts = id ? await session.settledCounts(id) : JSON.parse(sent.response.headers.get('X-Meter'));
    for (const deadline = Date.now() + 10_000; received.length - before < expectPushes && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 5));
    if (received.length - before !== expectPushes)
      throw new Error(`expected ${expectPushes} pushes, the push service received ${received.length - before}`);
    return counts;
  }

  /** Whether a profile node's stack runs through the push sender ('handler': counted apart by attributeSamples). */
  const pushClassifier = (profile) => {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const memo = new Map();
    const inPush = (id) => {
      if (memo.has(id)) return memo.get(id);
      const name = nodes.get(id).callFrame.functionName;
      const value = PUSH_FRAMES.has(name) || (parent.has(id) && inPush(parent.get(id)));
      memo.set(id, value);
      return value;
    };
    return (id) => (inPush(id) ? { kind: 'handler' } : { kind: 'own' });
  };

  async function series(kind, browsers) {
    await message(browsers); // warm-up
    const counts = [];
    await profiler.start();
    for (let i = 0; i < reps; i++) counts.push(await profiler.track(kind, () => message(browsers)));
    const { profile, windows } = await profiler.stop();
    const attributed = attributeSamples(profile, windows, { classify: pushClassifier(profile) }).windows;
    const ms = attributed.map((w) => w.totalMs);
    const pushMs = attributed.map((w) => w.objects.handlerMs);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return {
      browsers,
      cpuMsMean: mean(ms),
      cpuMsMax: Math.max(...ms),
      pushCpuMsMean: mean(pushMs),
      pushCpuMsMax: Math.max(...pushMs),
      d1Queries: mean(counts.map((c) => c.d1Queries)),
      d1RowsRead: mean(counts.map((c) => c.d1RowsRead)),
      d1RowsWritten: mean(counts.map((c) => c.d1RowsWritten)),
      doRequests: mean(counts.map((c) => c.doRequests)),
    };
  }

  const none = await series('message, no browser', 0);
  for (let i = 0; i < BROWSERS; i++) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = lib.toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    const auth = lib.toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    const saved = await session.call('PUT', '/api/push/subscriptions', {
      cookie: bob.cookie,
      body: { endpoint: `http://127.0.0.1:${pushPort}/push/${i}`, keys: { p256dh, auth } },
    });
    if (saved.status !== 201) throw new Error(`subscribing: ${saved.status} ${saved.text.slice(0, 200)}`);
  }
  const ten = await series(`message, ${BROWSERS} browsers`, BROWSERS);
  const perPush = ten.pushCpuMsMean / BROWSERS;
  // The whole difference between the two series: the sender's frames and what the runtime does
  // around them (promises, the responses, garbage); noisier on a busy machine, so both are shown.
  const perPushWhole = (ten.cpuMsMean - none.cpuMsMean) / BROWSERS;
  const perPushBound = Math.max(perPush, perPushWhole);
  report.app = {
    reps,
    none,
    ten,
    cpuMsPerPushInWorkerd: perPush,
    cpuMsPerPushWhole: perPushWhole,
    subrequestsWithTen: ten.d1Queries + ten.doRequests + BROWSERS,
  };
  log(
    `   ${reps} messages each, Worker JS CPU from V8's profiler (the message's whole work, after the reply included):`,
  );
  log(
    '| Message alice → bob | Worker CPU ms mean / max | of it the pushes, mean / max | D1 queries | Rows read | Rows written | DO calls | Pushes |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const s of [none, ten])
    log(
      `| bob with ${s.browsers} browsers | ${s.cpuMsMean.toFixed(2)} / ${s.cpuMsMax.toFixed(2)} | ${s.pushCpuMsMean.toFixed(2)} / ${s.pushCpuMsMax.toFixed(2)} | ${s.d1Queries} | ${s.d1RowsRead.toFixed(1)} | ${s.d1RowsWritten.toFixed(1)} | ${s.doRequests} | ${s.browsers} |`,
    );
  log(
    `   Worker CPU per push in workerd: ${perPush.toFixed(3)} ms (the pushes' samples ÷ ${BROWSERS}), ${perPushWhole.toFixed(3)} ms counting the whole difference between the two series; subrequests of the message with ${BROWSERS} browsers: ${report.app.subrequestsWithTen} (D1 queries + Durable Object calls + pushes)`,
  );
  log(
    `   A page of ${PUSH_PAGE} pushes at the higher rate: ${(PUSH_PAGE * perPushBound).toFixed(1)} ms of Worker CPU (the limit is ${CPU_LIMIT_MS} ms an invocation)`,
  );
  if (ten.cpuMsMean >= CPU_LIMIT_MS)
    failures.push(`a message with ${BROWSERS} browsers: ${ten.cpuMsMean.toFixed(2)} ms of Worker CPU`);
  if (PUSH_PAGE * perPushBound >= CPU_LIMIT_MS)
    failures.push(`a page of ${PUSH_PAGE} pushes: ${(PUSH_PAGE * perPushBound).toFixed(2)} ms of Worker CPU`);
  const urgency = [...new Set(received.map((r) => `${r.urgency}/${r.ttl}`))];
  log(`   Urgency/TTL the push service saw: ${urgency.join(', ')}`);

  // ---- The member-day ----
  // The push's read runs whether or not the member has a browser (the quota's member-day already
  // counts it); a browser adds its pushes' CPU and subrequests, no rows and no requests.
  const pushRead = ten.d1RowsRead - none.d1RowsRead;
  report.memberDay = {
    events: EVENTS_PER_MEMBER_DAY,
    d1RowsReadMoreAtTenBrowsers: EVENTS_PER_MEMBER_DAY * pushRead,
    cpuMsPerMemberDayAtTenBrowsers: EVENTS_PER_MEMBER_DAY * BROWSERS * perPushBound,
    workerRequests: 0,
    doRequests: 0,
  };
  log(
    `\nMember-day (${EVENTS_PER_MEMBER_DAY} push events: two messages and an offer): rows read ${pushRead.toFixed(1)} more an event with ${BROWSERS} browsers than with none, no rows written, no Worker or Durable Object requests (an outbox only past ${PUSH_PAGE} pushes); ${(EVENTS_PER_MEMBER_DAY * BROWSERS * perPushBound).toFixed(1)} ms of Worker CPU a member-day at ${BROWSERS} browsers, spread over ${EVENTS_PER_MEMBER_DAY} invocations.`,
  );
} finally {
  profiler.close();
  app.stop();
  pushServer.close();
}
if (asJson) console.log(JSON.stringify({ ...report, failures }, null, 2));
for (const failure of failures) console.error(`Over budget: ${failure}`);
process.exit(failures.length ? 1 : 0);
