// Test helpers: every test makes its own members and data, so tests never depend on each other.
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { checkReply } from '@test/support/contract-check';

export const ORIGIN = 'http://localhost';

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/**
 * Calls the Worker as a same-origin browser would (JSON body, Origin header, a per-test IP). The
 * reply is checked against its route's declaration first (test/support/contract-check.ts).
 */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': options.ip ?? randomIp(), ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body }));
  await checkReply(method, path, response);
  return response;
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

let counter = 0;
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 40);
}

export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

export function sessionCookie(response: Response): string {
  const header = response.headers.get('Set-Cookie') ?? '';
  const match = /sid=([^;]+)/.exec(header);
  if (!match) throw new Error(`No session cookie in: ${header}`);
  return `sid=${match[1]}`;
}

export interface Member {
  id: number;
  username: string;
  email: string;
  password: string;
  cookie: string;
  user: any;
}

/** Registers a new member through the API and returns their session cookie. */
export async function signUp(overrides: Record<string, unknown> = {}): Promise<Member> {
  const username = unique('m');
  const body = {
    username,
    password: 'password123',
    email: `${username}@example.com`,
    displayName: `Member ${username}`,
    ...overrides,
  };
  const response = await call('/api/auth/register', { body });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const user = await json(response);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    password: String(body.password),
    cookie: sessionCookie(response),
    user,
  };
}

/** A member promoted to admin directly in the database. */
export async function signUpAdmin(): Promise<Member> {
  const member = await signUp();
  await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(member.id).run();
  return member;
}

export const validListing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Hand-built oak bookshelf',
  description: 'A sturdy five-shelf bookshelf made from reclaimed oak, about 180 cm tall.',
  categoriesOffered: ['home'],
  whatUserWants: 'Gardening help',
  whatUserWantsOptions: ['Fresh vegetables'],
  acceptOffers: true,
  location: 'Oakland, CA',
  distance: 25,
  imageUrls: [],
  ...overrides,
});

export async function createListing(owner: Member, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await call('/api/listings', { cookie: owner.cookie, body: validListing(overrides) });
  if (response.status !== 201) throw new Error(`create listing failed: ${response.status} ${await response.text()}`);
  return json(response);
}

/** The newest email the outbox holds for an address. */
export async function lastEmailTo(address: string): Promise<{ subject: string; text: string } | null> {
  return env.DB.prepare(
    'SELECT subject, text_body AS text FROM email_outbox WHERE lower(to_address) = lower(?) ORDER BY id DESC LIMIT 1',
  )
    .bind(address)
    .first();
}

/**
 * Waits until the outbox holds an email for the address matching `subject` (some mails are queued
 * after the reply, in waitUntil). Polls a condition with a deadline; never a fixed sleep.
 */
export async function waitForEmailTo(
  address: string,
  subject: RegExp = /./,
  timeoutMs = 5_000,
): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { results } = await env.DB.prepare(
      'SELECT subject, text_body AS text FROM email_outbox WHERE lower(to_address) = lower(?) ORDER BY id DESC LIMIT 10',
    )
      .bind(address)
      .all<{ subject: string; text: string }>();
    const email = results.find((row) => subject.test(row.subject));
    if (email) return email;
    if (Date.now() > deadline) throw new Error(`no email matching ${subject} for ${address}`);
    await scheduler.wait(10);
  }
}

/**
 * The token in the newest email's link, once that email is queued. Name the subject for reset
 * links (`/Reset/`): they are queued after the reply, so the newest mail may still be another one.
 */
export async function tokenFromEmail(address: string, subject: RegExp = /Verify|Reset/): Promise<string> {
  const email = await waitForEmailTo(address, subject);
  const match = /token=([A-Za-z0-9_%-]+)/.exec(email.text);
  if (!match) throw new Error(`no token email for ${address}`);
  return decodeURIComponent(match[1]!);
}

/** A listing of the owner's, made through the API; returns its id. */
export async function insertListing(owner: Member, title = 'Hand-built oak bookshelf'): Promise<number> {
  return (await createListing(owner, { title })).id;
}

/** How far a table's AUTOINCREMENT sequence stands above its newest id (the id reserve, decision 032). */
export async function reserveLeft(table: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT (SELECT seq FROM sqlite_sequence WHERE name = ?1) - (SELECT coalesce(max(id), 0) FROM ${table}) AS left`,
  )
    .bind(table)
    .first<{ left: number }>();
  return row!.left;
}
