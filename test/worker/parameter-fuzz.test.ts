// Property-based tests over every route's parameters: each query parameter, path id and header a
// route reads gets generated hostile values (huge integers, negatives, floats, NaN, 1e309, empty,
// very long strings, unicode, control characters, repeated parameters, SQL-ish and percent-encoded
// junk), as a visitor and as a member. The answer is never a 500 and always one the route may give.
// The routes are those of worker/routes/*.ts (docs/api/*.md); a failing case prints fast-check's
// seed.
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createListing, json, ORIGIN, randomIp, signUp, signUpAdmin, type Member } from './helpers';
import { RATE_LIMITS } from '@worker/lib/rate-limit';

const RUNS = 12;

// --- hostile values ---------------------------------------------------------------------------

/** A value and whether it goes into the URL as written (percent junk) or percent-encoded. */
interface Hostile {
  value: string;
  raw: boolean;
}

const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed();
const fixed = (...values: string[]) => fc.constantFrom(...values);

const hugeIntegers = fc.oneof(
  fixed('9223372036854775807', '9223372036854775808', '18446744073709551616', '9'.repeat(400), '1' + '0'.repeat(30)),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }).map(String),
);
const negatives = fc.oneof(
  fixed('-1', '-0', '-9223372036854775809'),
  fc.bigInt({ min: -(2n ** 70n), max: -1n }).map(String),
);
const floats = fc.oneof(
  fixed(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1e309',
    '1e-400',
    '0.5',
    '1.0',
    '1e3',
    '0x10',
    '0b1',
    '1_000',
    ' 1',
    '1 ',
    '+1',
    '٣',
    '１',
  ),
  fc.double().map(String),
);
const emptyish = fixed('', ' ', '\t', 'null', 'undefined', 'true', '[]', '{}');
const longStrings = fc.oneof(
  fc.integer({ min: 300, max: 6000 }).map((n) => 'a'.repeat(n)),
  fc.string({ minLength: 300, maxLength: 1500, unit: 'grapheme' }),
);
const unicode = fc.oneof(
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fixed('\u202e', '\ufeff', '💥', 'é', 'ß', 'İ', '\u0000'),
);
const controls = fc.string({
  minLength: 1,
  maxLength: 20,
  unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)),
});
const sqlish = fixed(
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '1; SELECT * FROM users',
  '1 UNION SELECT password FROM users',
  '%',
  '_',
  '*',
  '"',
  '\\',
  'NEAR(a b)',
  'a OR b',
  '"a"*',
  'title:abc',
  '^abc',
  '(',
  "'",
);
const decoded = fc.oneof(hugeIntegers, negatives, floats, emptyish, longStrings, unicode, controls, sqlish);
const percentJunk = fixed(
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%ff',
  '%ff%fe',
  '%ED%A0%80',
  '%C0%AF',
  '%E2%80',
  '%2e%2e%2f',
  '..%2f..%2f',
  '%0d%0aX-Injected:%201',
  '%u0041',
);

const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 4, arbitrary: decoded.map((value) => ({ value, raw: false })) },
  { weight: 1, arbitrary: percentJunk.map((value) => ({ value, raw: true })) },
);

const encode = ({ value, raw }: Hostile) => (raw ? value : encodeURIComponent(wellFormed(value)));

/** A query string giving `name` one hostile value, or two (`a=1&a=2`). */
const hostileQuery = (name: string) =>
  fc.oneof(
    hostile.map((h) => `${name}=${encode(h)}`),
    fc.tuple(hostile, hostile).map(([a, b]) => `${name}=${encode(a)}&${name}=${encode(b)}`),
  );

/** Header values a browser can send at all: visible ASCII, tabs and spaces. */
const headerValue = fc.oneof(
  fc.string({
    maxLength: 60,
    unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09)).map((c) => String.fromCharCode(c)),
  }),
  fc.integer({ min: 500, max: 8000 }).map((n) => 'x'.repeat(n)),
  decoded.map((v) => wellFormed(v).replace(/[^\x20-\x7e]/g, '')),
);

// --- requests -----------------------------------------------------------------------------------

interface Probe {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  cookie?: string;
}

async function statusOf(probe: Probe): Promise<number> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp(), ...probe.headers };
  if (probe.cookie) headers.Cookie = probe.cookie;
  let body: string | undefined;
  if (probe.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(probe.body);
  }
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}${probe.path}`, { method: probe.method ?? 'GET', headers, body }),
  );
  await response.arrayBuffer();
  return response.status;
}

/** Asserts that every generated probe answers one of `expected` (and so never 500). */
async function holds<T>(arbitrary: fc.Arbitrary<T>, probe: (value: T) => Probe, expected: number[], runs = RUNS) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      const p = probe(value);
      const status = await statusOf(p);
      if (!expected.includes(status))
        throw new Error(
          `${p.method ?? 'GET'} ${p.path.slice(0, 200)} answered ${status}, expected one of ${expected.join(', ')}`,
        );
    }),
    { numRuns: runs },
  );
}

// --- fixtures -----------------------------------------------------------------------------------

let member: Member;
let listingId: number;
let imagePath: string;

beforeAll(async () => {
  // The fuzzed member is not the first account, so no generated id like "0001" names it.
  await signUp();
  member = await signUp();
  listingId = (await createListing(member)).id;
  const key = `uploads/${crypto.randomUUID()}`;
  await env.IMAGES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), {
    httpMetadata: { contentType: 'image/jpeg' },
  });
  imagePath = `/objects/${key}`;
});

/**
 * Hostile path segments that never spell the member's id or their listing's (DELETE
 * /api/users/{id} and DELETE /api/listings/{id} must not remove the fixtures).
 */
const segment = hostile
  .filter(({ value }) => !(/^\d+$/.test(value) && [member.id, listingId].includes(Number(value))))
  .map(encode);

// --- query parameters ----------------------------------------------------------------------------

describe('query parameters', () => {
  const searchParams = ['search', 'category', 'distance', 'limit', 'offset', 'near', 'lat', 'lng'];

  for (const name of searchParams) {
    it(`GET /api/listings?${name}=… answers 200 or 400, as visitor and member`, async () => {
      await holds(hostileQuery(name), (q) => ({ path: `/api/listings?${q}` }), [200, 400]);
      await holds(hostileQuery(name), (q) => ({ path: `/api/listings?${q}`, cookie: member.cookie }), [200, 400]);
    });
  }

  it('GET /api/listings with every parameter hostile at once answers 200 or 400', async () => {
    const all = fc.tuple(...searchParams.map(hostileQuery)).map((parts) => parts.join('&'));
    await holds(all, (q) => ({ path: `/api/listings?${q}`, cookie: member.cookie }), [200, 400], RUNS * 2);
  });

  for (const name of ['near', 'lat', 'lng']) {
    it(`GET /api/listings/{id}?${name}=… answers 200 or 400`, async () => {
      await holds(hostileQuery(name), (q) => ({ path: `/api/listings/${listingId}?${q}` }), [200, 400]);
    });
  }

  it('GET /api/places?q=… answers 200 or 400', async () => {
    await holds(hostileQuery('q'), (q) => ({ path: `/api/places?${q}` }), [200, 400]);
  });

  it('token links (verify-email, newsletter confirm) answer 400 for any made-up token', async () => {
    await holds(hostileQuery('token'), (q) => ({ path: `/api/auth/verify-email?${q}` }), [400]);
    await holds(hostileQuery('token'), (q) => ({ path: `/api/auth/verify-email?${q}`, cookie: member.cookie }), [400]);
    await holds(hostileQuery('token'), (q) => ({ path: `/api/newsletter/confirm?${q}` }), [400]);
  });

  it('the signed upload PUT answers 403 for any made-up expires or signature', async () => {
    const uuid = crypto.randomUUID();
    const future = Date.now() + 60_000;
    await holds(
      hostileQuery('expires'),
      (q) => ({
        method: 'PUT',
        path: `/api/objects/upload/${uuid}?${q}&signature=${'0'.repeat(64)}`,
        headers: { 'Content-Type': 'image/jpeg' },
      }),
      [403],
    );
    await holds(
      hostileQuery('signature'),
      (q) => ({
        method: 'PUT',
        path: `/api/objects/upload/${uuid}?expires=${future}&${q}`,
        headers: { 'Content-Type': 'image/jpeg' },
      }),
      [403],
    );
  });

  it('the moderation queue and the audit log answer an admin 200 or 400 for any paging, status or member id', async () => {
    const admin = await signUpAdmin();
    for (const name of ['status', 'limit', 'before'])
      await holds(hostileQuery(name), (q) => ({ path: `/api/admin/reports?${q}`, cookie: admin.cookie }), [200, 400]);
    for (const name of ['userId', 'limit', 'before'])
      await holds(hostileQuery(name), (q) => ({ path: `/api/admin/audit?${q}`, cookie: admin.cookie }), [200, 400]);
  });

  it('the development outbox is 404 outside development, whatever ?to= says', async () => {
    await holds(hostileQuery('to'), (q) => ({ path: `/api/dev/outbox?${q}` }), [404]);
  });

  it('offset 2^63 and beyond is past the result window: 400 naming offset, not an error (decision 041)', async () => {
    for (const offset of ['9223372036854775807', '9223372036854775808', '18446744073709551616', '9'.repeat(400)]) {
      for (const query of [
        `offset=${offset}`,
        `offset=${offset}&distance=50&near=Oakland`,
        `offset=${offset}&search=lamp`,
      ]) {
        const response = await call(`/api/listings?${query}`);
        expect(response.status, query).toBe(400);
        expect((await json(response)).errors.offset, query).toMatch(/offset must be below 1000/);
      }
    }
    const huge = await call(`/api/listings?limit=${'9'.repeat(100)}`);
    expect(huge.status).toBe(200);
  });
});

// --- path ids -------------------------------------------------------------------------------------

/** Every route with a path parameter: method, path with {} for the hostile segment, and answers. */
const PATH_ROUTES: {
  method: string;
  path: string;
  visitor: number[];
  member: number[];
  body?: unknown;
  headers?: Record<string, string>;
}[] = [
  { method: 'GET', path: '/api/users/{}', visitor: [200, 404], member: [200, 404] },
  { method: 'GET', path: '/api/users/username/{}', visitor: [200, 404], member: [200, 404] },
  { method: 'GET', path: '/api/users/{}/barters/count', visitor: [200, 404], member: [200, 404] },
  { method: 'GET', path: '/api/users/{}/listings', visitor: [200, 404], member: [200, 404] },
  { method: 'GET', path: '/api/users/{}/reviews', visitor: [200, 404], member: [200, 404] },
  { method: 'GET', path: '/api/users/{}/messages', visitor: [401, 404], member: [403, 404] },
  { method: 'GET', path: '/api/users/{}/stored-searches', visitor: [401, 404], member: [403, 404] },
  { method: 'PATCH', path: '/api/users/{}', body: {}, visitor: [401, 404], member: [403, 404] },
  { method: 'DELETE', path: '/api/users/{}', visitor: [401, 404], member: [403, 404] },
  { method: 'GET', path: '/api/listings/{}', visitor: [200, 404], member: [200, 404] },
  { method: 'PUT', path: '/api/listings/{}', body: {}, visitor: [401, 404], member: [200, 403, 404] },
  { method: 'DELETE', path: '/api/listings/{}', visitor: [401, 404], member: [403, 404] },
  { method: 'GET', path: '/api/listings/{}/barters', visitor: [401, 404], member: [200, 404] },
  { method: 'GET', path: '/api/listings/{}/reviews', visitor: [200, 404], member: [200, 404] },
  { method: 'GET', path: '/api/barters/{}', visitor: [401, 404], member: [403, 404] },
  { method: 'PATCH', path: '/api/barters/{}/complete', visitor: [401, 404], member: [403, 404] },
  { method: 'PATCH', path: '/api/barters/{}/cancel', visitor: [401, 404], member: [403, 404] },
  {
    method: 'PUT',
    path: '/api/stored-searches/{}',
    body: { notificationsEnabled: true },
    visitor: [401, 404],
    member: [403, 404],
  },
  { method: 'DELETE', path: '/api/stored-searches/{}', visitor: [401, 404], member: [403, 404] },
  { method: 'GET', path: '/api/conversations/{}/1/1', visitor: [401, 404], member: [403, 404] },
  { method: 'GET', path: '/api/conversations/{}/{}/{}', visitor: [401, 404], member: [403, 404] },
  { method: 'GET', path: '/api/conversations/{}/{}/ws', visitor: [404, 426], member: [404, 426] },
  // A segment such as "1" can name a real member and listing: the socket then opens (101).
  {
    method: 'GET',
    path: '/api/conversations/{}/{}/ws',
    headers: { Upgrade: 'websocket' },
    visitor: [401, 404],
    member: [101, 403, 404],
  },
  { method: 'PUT', path: '/api/blocks/{}', visitor: [401, 404], member: [200, 400, 404] },
  { method: 'DELETE', path: '/api/blocks/{}', visitor: [401, 404], member: [204, 404] },
  { method: 'POST', path: '/api/admin/users/{}/make-admin', visitor: [401, 404], member: [403, 404] },
  {
    method: 'POST',
    path: '/api/admin/listings/{}/featured',
    body: { isFeatured: true },
    visitor: [401, 404],
    member: [403, 404],
  },
  {
    method: 'POST',
    path: '/api/admin/reports/{}/resolve',
    body: { action: 'dismiss', note: 'x' },
    visitor: [401, 404],
    member: [403, 404],
  },
  {
    method: 'POST',
    path: '/api/admin/users/{}/reinstate',
    body: { note: 'x' },
    visitor: [401, 404],
    member: [403, 404],
  },
  { method: 'GET', path: '/objects/uploads/{}', visitor: [404], member: [404] },
  {
    method: 'PUT',
    path: '/api/objects/upload/{}',
    headers: { 'Content-Type': 'image/jpeg' },
    visitor: [403, 404],
    member: [403, 404],
  },
];

describe('path ids', () => {
  for (const route of PATH_ROUTES) {
    const holes = route.path.split('{}').length - 1;
    const label = `${route.method} ${route.path}${route.headers?.Upgrade ? ' (upgrade)' : ''}`;
    it(`${label} answers ${[...new Set([...route.visitor, ...route.member])].join('/')}, never 500`, async () => {
      const segments = fc.array(segment, { minLength: holes, maxLength: holes });
      const fill = (values: string[]) => {
        let i = 0;
        return route.path.replace(/\{\}/g, () => values[i++] ?? '');
      };
      await holds(
        segments,
        (values) => ({ method: route.method, path: fill(values), body: route.body, headers: route.headers }),
        route.visitor,
      );
      await holds(
        segments,
        (values) => ({
          method: route.method,
          path: fill(values),
          body: route.body,
          headers: route.headers,
          cookie: member.cookie,
        }),
        route.member,
      );
    });
  }
});

// --- headers ----------------------------------------------------------------------------------------

describe('headers', () => {
  it('a hostile sid cookie is signed out: public routes 200, private 401', async () => {
    const cookie = headerValue.map((v) => `sid=${v.replace(/[;]/g, '')}`);
    await holds(cookie, (c) => ({ path: '/api/categories', cookie: c }), [200]);
    await holds(cookie, (c) => ({ path: '/api/auth/current-user', cookie: c }), [401]);
    await holds(headerValue, (raw) => ({ path: '/api/listings?limit=1', headers: { Cookie: raw } }), [200]);
  });

  it('If-None-Match and If-Match on an image: 200, 304 or 412; on a missing image 404', async () => {
    for (const header of ['If-None-Match', 'If-Match']) {
      await holds(headerValue, (v) => ({ path: imagePath, headers: { [header]: v } }), [200, 304, 412]);
      await holds(
        headerValue,
        (v) => ({ path: `/objects/uploads/${crypto.randomUUID()}`, headers: { [header]: v } }),
        [404],
      );
    }
    const both = fc.tuple(headerValue, headerValue);
    await holds(
      both,
      ([a, b]) => ({ path: imagePath, headers: { 'If-Match': a, 'If-None-Match': b }, cookie: member.cookie }),
      [200, 304, 412],
    );
  });

  it('Content-Type on a write: 415 unless JSON, then the route decides', async () => {
    const body = { username: 'nobody-ct', password: 'password123' };
    await holds(
      headerValue,
      (v) => ({ method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': v }, body }),
      [401, 415],
    );
    await holds(
      headerValue,
      (v) => ({
        method: 'POST',
        path: '/api/stored-searches',
        headers: { 'Content-Type': v },
        body: { query: 'x' },
        cookie: member.cookie,
      }),
      [201, 400, 415],
    );
  });

  it('Origin and Sec-Fetch-Site on a write: 403 when foreign, else the route answers', async () => {
    await holds(headerValue, (v) => ({ method: 'POST', path: '/api/auth/logout', headers: { Origin: v } }), [200, 403]);
    await holds(
      headerValue,
      (v) => ({ method: 'POST', path: '/api/auth/logout', headers: { 'Sec-Fetch-Site': v } }),
      [200, 403],
    );
  });

  it('a hostile client address header still rate limits and stores a fixed-size key', async () => {
    await holds(
      headerValue.filter((v) => v.trim() !== ''),
      (v) => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'CF-Connecting-IP': v },
        body: { username: 'nobody-here', password: 'password123' },
      }),
      [401, 429],
      6, // each refused sign-in still verifies a dummy password: slow locally
    );
    // Every key is a rule's name, a colon and 64 hex digits, whatever the header held.
    const longest = await env.DB.prepare('SELECT max(length(key)) AS n FROM rate_limits').first<{ n: number }>();
    expect(longest!.n).toBeLessThanOrEqual(Math.max(...Object.keys(RATE_LIMITS).map((rule) => rule.length)) + 1 + 64);
  });

  it('Upgrade on the live-chat socket: 426 unless a WebSocket upgrade', async () => {
    // Partner 1 (the first account) and the member's listing: a real conversation, so a value
    // that is "websocket" in any case opens it.
    await holds(
      headerValue,
      (v) => ({ path: `/api/conversations/1/${listingId}/ws`, headers: { Upgrade: v }, cookie: member.cookie }),
      [101, 426],
    );
  });
});
