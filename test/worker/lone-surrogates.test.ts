// Lone surrogates (decision 040): a UTF-16 half without its pair ("\ud800" in a JSON body) cannot be
// stored as UTF-8; D1 kept it as invalid bytes (ED A0 80) that no reader could decode. Every JSON
// body is read in one place (readJson), which replaces each one with U+FFFD, the replacement
// character, as the UTF-8 decoder already does with invalid bytes; pairs are kept.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createListing, json, signUp } from './helpers';

const HIGH = '\ud800';
const LOW = '\udfff';
const PAIR = '\ud83d\ude00'; // 😀

const hexOf = (text: string) =>
  [...new TextEncoder().encode(text)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

describe('lone surrogates in JSON bodies are stored as U+FFFD', () => {
  it('in a listing title and what the owner wants; a surrogate pair is kept', async () => {
    const owner = await signUp();
    // JSON.stringify writes lone surrogates as \\ud800 escapes, as a hostile client would.
    const body = JSON.stringify({ title: `Bike ${HIGH} pump ${PAIR}`, whatUserWants: `Tent${LOW}s` });
    expect(body).toContain('\\ud800');
    const created = await createListing(owner, JSON.parse(body));
    expect(created.title).toBe(`Bike \ufffd pump ${PAIR}`);
    expect(created.whatUserWants).toBe('Tent\ufffds');
    const row = await env.DB.prepare(
      'SELECT hex(title) AS title, hex(what_user_wants) AS wants FROM listings WHERE id = ?',
    )
      .bind(created.id)
      .first<{ title: string; wants: string }>();
    expect(row!.title).toBe(hexOf(`Bike \ufffd pump ${PAIR}`));
    expect(row!.wants).toBe(hexOf('Tent\ufffds'));
  });

  it('in a message body', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const response = await call('/api/messages', {
      cookie: member.cookie,
      body: { senderId: member.id, receiverId: owner.id, listingId: listing.id, content: `Hello ${HIGH}${HIGH} there` },
    });
    expect(response.status).toBe(201);
    const sent = await json(response);
    expect(sent.content).toBe('Hello \ufffd\ufffd there');
    const row = await env.DB.prepare('SELECT hex(content) AS bytes FROM messages WHERE id = ?')
      .bind(sent.id)
      .first<{ bytes: string }>();
    expect(row!.bytes).toBe(hexOf('Hello \ufffd\ufffd there'));
  });

  it('in a profile bio', async () => {
    const member = await signUp();
    const response = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { bio: `${LOW}Gardener ${PAIR}${HIGH}` },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).bio).toBe(`\ufffdGardener ${PAIR}\ufffd`);
    const row = await env.DB.prepare('SELECT hex(bio) AS bytes FROM users WHERE id = ?')
      .bind(member.id)
      .first<{ bytes: string }>();
    expect(row!.bytes).toBe(hexOf(`\ufffdGardener ${PAIR}\ufffd`));
  });

  it("in an offer's text (a want named in free text) and a saved search's query", async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const offer = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: listing.id, text: `Two hours of ${HIGH}gardening` },
    });
    expect(offer.status).toBe(201);
    const made = await json(offer);
    expect(made.text).toBe('Two hours of \ufffdgardening');
    const offerRow = await env.DB.prepare('SELECT hex(text) AS bytes FROM offers WHERE id = ?')
      .bind(made.id)
      .first<{ bytes: string }>();
    expect(offerRow!.bytes).toBe(hexOf('Two hours of \ufffdgardening'));

    const saved = await call('/api/stored-searches', {
      cookie: member.cookie,
      body: { userId: member.id, query: `bike${LOW}` },
    });
    expect(saved.status).toBe(201);
    const search = await json(saved);
    expect(search.query).toBe('bike\ufffd');
    const searchRow = await env.DB.prepare('SELECT hex(query) AS bytes FROM stored_searches WHERE id = ?')
      .bind(search.id)
      .first<{ bytes: string }>();
    expect(searchRow!.bytes).toBe(hexOf('bike\ufffd'));
  });

  it('counts a replaced surrogate as one character, as before: limits are unchanged', async () => {
    const member = await signUp();
    const atLimit = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { bio: `${'a'.repeat(499)}${HIGH}` },
    });
    expect(atLimit.status).toBe(200);
    const over = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { bio: `${'a'.repeat(500)}${HIGH}` },
    });
    expect(over.status).toBe(400);
  });

  it('a search query cannot carry one: URL decoding leaves an encoded lone surrogate as it was sent', async () => {
    const member = await signUp();
    await createListing(member, { title: 'Folding step ladder' });
    const response = await call('/api/listings?search=ladder%ED%A0%80', { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Total-Count')).toBe('0');
    const plain = await call('/api/listings?search=%F0%9F%98%80', { cookie: member.cookie });
    expect(plain.status).toBe(200);
  });
});
