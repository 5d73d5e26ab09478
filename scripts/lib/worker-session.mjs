// Calls to the app a script started (scripts/quota.mjs, scripts/bench/scale.mjs): plain fetches with the
// development meter, the password key as the SPA derives it, and workerd's CPU clock. None of
// these is part of a measured journey (journeys are measured by the meter's totals around them).
import { readdirSync, readFileSync } from 'node:fs';
import setupWasm from 'argon2id/lib/setup.js';

const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const cookieOf = (response) => /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];

let argon2id = null;
async function argon2() {
  if (argon2id) return argon2id;
  const simdWasm = await WebAssembly.compile(readFileSync('node_modules/argon2id/dist/simd.wasm'));
  const instantiate = async (imports) => ({
    module: simdWasm,
    instance: await WebAssembly.instantiate(simdWasm, imports),
  });
  argon2id = await setupWasm(instantiate, instantiate);
  return argon2id;
}

export function workerSession(base, workerdPids) {
  /** One request: { status, body, response }. `ip` fixes the client address (else a random one). */
  async function call(method, path, { cookie, body, ip, raw, headers = {} } = {}) {
    const init = { method, headers: { Origin: base, 'CF-Connecting-IP': ip ?? randomIp(), ...headers } };
    if (cookie) init.headers.Cookie = cookie;
    if (raw !== undefined) init.body = raw;
    else if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, response };
  }

  /** The password key as the SPA derives it (decision 015): the salt from the server, Argon2id here. */
  async function passwordKey(username, password) {
    const { body: salt } = await call('POST', '/api/auth/password-salt', { body: { username } });
    const key = (await argon2())({
      password: new TextEncoder().encode(password),
      salt: Buffer.from(salt.salt, 'base64'),
      memorySize: salt.memorySize,
      passes: salt.passes,
      parallelism: salt.parallelism,
      tagLength: salt.tagLength,
    });
    return `argon2id:${Buffer.from(key).toString('base64url')}`;
  }

  async function signIn(username, password) {
    const login = await call('POST', '/api/auth/login', {
      body: { username, password: await passwordKey(username, password) },
    });
    if (login.status !== 200) throw new Error(`sign-in of ${username}: ${login.status} ${login.text.slice(0, 200)}`);
    return { cookie: cookieOf(login.response), id: login.body.id, username, displayName: login.body.displayName };
  }

  /** The meter's totals: { requests, durableObjects, alarms, scheduled, cronJobs }. */
  const meterState = async () => (await fetch(`${base}/api/dev/meter`)).json();

  /** A request's whole counts (its work after the reply included: decision 033). */
  async function settledCounts(id) {
    const answer = await fetch(`${base}/api/dev/meter?request=${id}`);
    return answer.ok ? answer.json() : null;
  }

  /**
   * The meter's totals once nothing moves any more: read until two reads 300 ms apart agree (the
   * work requests leave after their reply, and sockets' closing, have ended).
   */
  async function settledState(timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    let last = await meterState();
    for (;;) {
      await sleep(300);
      const next = await meterState();
      const same =
        JSON.stringify([next.requests, next.durableObjects]) === JSON.stringify([last.requests, last.durableObjects]);
      if (same || Date.now() > deadline) return next;
      last = next;
    }
  }

  /** CPU time of the threads of the Worker's workerd so far, in ms (V8's profiler thread left out). */
  function workerdCpuMs() {
    let ns = 0;
    for (const pid of workerdPids) {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          if (readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('v8:ProfEvnt')) continue;
          ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        } catch {
          // A thread that ended meanwhile.
        }
      }
    }
    return ns / 1e6;
  }

  return { call, passwordKey, signIn, meterState, settledCounts, settledState, workerdCpuMs, argon2 };
}
