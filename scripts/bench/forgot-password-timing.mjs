#!/usr/bin/env node
// Forgot-password answers in the same time for a known and an unknown address (issue: timing
// must reveal nothing). Against a running app (`npm start`), it sends the request for known and
// unknown addresses alternately, side by side in one run, and prints both latency distributions
// and their ratio. The lookup and the mail happen after the reply (waitUntil), so the two should
// not differ beyond noise.
// Usage: node scripts/bench/forgot-password-timing.mjs [--base http://localhost:8787] [--rounds 100]
import { request as httpRequest } from 'node:http';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const base = arg('base', 'http://localhost:8787');
const rounds = Number(arg('rounds', 100));
const ip = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`;

/** Time to the reply's headers: what a prober sees first. */
function post(path, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(
      base + path,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base, 'CF-Connecting-IP': ip() } },
      (response) => {
        const ms = performance.now() - started;
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, ms }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

// The limit is 5 mails an hour per address, so each known and each unknown address is asked 5
// times: both sides then count on an existing rate-limit row alike.
const accounts = [];
const run = Date.now().toString(36);
for (let i = 0; i < Math.ceil(rounds / 5); i++) {
  const username = `fp${run}${i}`;
  const { status } = await post('/api/auth/register', {
    username,
    password: 'timing-password-1',
    email: `${username}@example.com`,
    displayName: 'Timing Member',
  });
  if (status !== 201) throw new Error(`register answered ${status}`);
  accounts.push(`${username}@example.com`);
}

const known = [];
const unknown = [];
for (let i = 0; i < rounds; i++) {
  // Which goes first alternates, so the other's after-reply work weighs on both sides alike.
  const askKnown = () => post('/api/auth/forgot-password', { email: accounts[Math.floor(i / 5)] });
  const askUnknown = () => post('/api/auth/forgot-password', { email: `nobody${run}${Math.floor(i / 5)}@example.com` });
  let a;
  let b;
  if (i % 2 === 0) {
    a = await askKnown();
    b = await askUnknown();
  } else {
    b = await askUnknown();
    a = await askKnown();
  }
  if (a.status !== 200 || b.status !== 200) throw new Error(`forgot-password answered ${a.status}/${b.status}`);
  known.push(a.ms);
  unknown.push(b.ms);
}
const pct = (list, p) => [...list].sort((x, y) => x - y)[Math.floor(list.length * p)];
const row = (name, list) =>
  `| ${name} | ${list.length} | ${pct(list, 0.5).toFixed(2)} | ${pct(list, 0.9).toFixed(2)} | ${pct(list, 0.99).toFixed(2)} |`;
console.log(`${base}, ${rounds} rounds, known and unknown alternately`);
console.log('| Address | Requests | p50 ms | p90 ms | p99 ms |');
console.log('|---|---|---|---|---|');
console.log(row('known (account exists)', known));
console.log(row('unknown (no account)', unknown));
console.log(`p50 known / unknown: ${(pct(known, 0.5) / pct(unknown, 0.5)).toFixed(2)}`);
