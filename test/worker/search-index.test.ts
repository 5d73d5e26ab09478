// The text search index holds only public listings and their filter tokens (decision 047,
// migration 0042_search_index_facets): its triggers keep it in step on every path (create, edit
// of text, categories or place, pause, complete, hide, delete), no search text reaches a filter
// token, and FTS5's own integrity check finds the index equal to what its source view says.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { facetToken } from '@worker/db/queries/listing-search-index';
import { call, createListing, json, signUp, type Member } from './helpers';

let seq = 0;
const word = () =>
  `zq${Date.now().toString(36)}${(seq++).toString(36)}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

/** The ids the index matches for a raw FTS5 query (facet tokens included). */
async function indexed(match: string): Promise<number[]> {
  const { results } = await env.DB.prepare(
    'SELECT rowid AS id FROM listings_fts WHERE listings_fts MATCH ? ORDER BY rowid',
  )
    .bind(match)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** GET /api/listings?search=… ids, as a guest or a member. */
async function found(query: string, who?: Member): Promise<number[]> {
  const response = await call(`/api/listings?${query}&limit=100`, who ? { cookie: who.cookie } : {});
  expect({ query, status: response.status }).toEqual({ query, status: 200 });
  return ((await json(response)) as { id: number }[]).map((l) => l.id);
}

const edit = async (owner: Member, id: number, body: Record<string, unknown>) => {
  const response = await call(`/api/listings/${id}`, { method: 'PUT', cookie: owner.cookie, body });
  expect(response.status).toBe(200);
};

/** FTS5's integrity check of an external-content index: throws when the index and its source differ. */
const integrityCheck = () =>
  env.DB.prepare(`INSERT INTO listings_fts (listings_fts, rank) VALUES ('integrity-check', 1)`).run();

describe('the text search index', () => {
  it('holds a listing while it is public, with its owner, place and categories as tokens, through every change', async () => {
    const owner = await signUp();
    const w = word();
    const listing = await createListing(owner, {
      title: `${w} teapot`,
      location: 'Oakland, CA',
      categoriesOffered: ['home'],
    });
    const id = listing.id as number;
    const cellOf = async () =>
      (await env.DB.prepare('SELECT cell FROM listings WHERE id = ?').bind(id).first<{ cell: number | null }>())!.cell;
    expect(await indexed(`facets : ${facetToken.owner(owner.id)}`)).toEqual([id]);
    expect(await indexed(`facets : ${facetToken.category('home')} AND ${w}`)).toEqual([id]);
    expect(await indexed(`facets : ${facetToken.cell(await cellOf())} AND ${w}`)).toEqual([id]);
    expect(await found(`search=${w}&category=home`)).toEqual([id]);

    // Paused and completed listings leave the index; active again, it comes back.
    for (const status of ['paused', 'completed']) {
      await edit(owner, id, { status });
      expect({ status, ids: await indexed(w) }).toEqual({ status, ids: [] });
      await edit(owner, id, { status: 'active' });
      expect({ status, ids: await indexed(w) }).toEqual({ status, ids: [id] });
    }
    await edit(owner, id, { status: 'pending' });
    expect(await found(`search=${w}`)).toEqual([id]);

    // Categories and place follow an edit.
    await edit(owner, id, { categoriesOffered: ['tech', 'food'] });
    expect({ home: await found(`search=${w}&category=home`) }).toEqual({ home: [] });
    expect(await found(`search=${w}&category=food`)).toEqual([id]);
    await edit(owner, id, { location: 'Boston, MA' });
    expect({ near: await found(`search=${w}&distance=50&near=${encodeURIComponent('Oakland, CA')}`) }).toEqual({
      near: [],
    });
    expect(await found(`search=${w}&distance=50&near=${encodeURIComponent('Boston, MA')}`)).toEqual([id]);
    expect(await indexed(`facets : ${facetToken.cell(await cellOf())} AND ${w}`)).toEqual([id]);
    await edit(owner, id, { location: 'Nowhere-in-particular' });
    expect(await indexed(`facets : ${facetToken.cell(null)} AND ${w}`)).toEqual([id]);
    // The text too.
    const other = word();
    await edit(owner, id, { title: `${other} kettle` });
    expect(await indexed(w)).toEqual([]);
    expect(await found(`search=${other}`)).toEqual([id]);

    // Hidden by moderation (only moderation sets it), then deleted.
    await env.DB.prepare(`UPDATE listings SET held_status = status, status = 'hidden' WHERE id = ?`).bind(id).run();
    expect(await indexed(other)).toEqual([]);
    await env.DB.prepare(`UPDATE listings SET status = held_status, held_status = NULL WHERE id = ?`).bind(id).run();
    expect(await indexed(other)).toEqual([id]);
    expect((await call(`/api/listings/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect(await indexed(other)).toEqual([]);
    await integrityCheck();
  });

  it('matches a search only in the text columns: no words reach the filter tokens', async () => {
    const owner = await signUp();
    const w = word();
    await createListing(owner, { title: `${w} bowl`, categoriesOffered: ['home'] });
    // Column filters and operators typed as text are plain words (ftsQuery quotes every word).
    for (const text of [
      facetToken.owner(owner.id),
      facetToken.category('home'),
      'zzu',
      'zzc',
      'zzg',
      'zz',
      'facets:zzchome',
      `facets : ${facetToken.owner(owner.id)}`,
      '{facets}: zzx',
      'NOT zzx',
    ]) {
      expect({ text, ids: await found(`search=${encodeURIComponent(text)}&category=home`) }).toEqual({ text, ids: [] });
    }
  });

  it("leaves out the viewer's own listings and those across a block, either way, from the index's candidates", async () => {
    const viewer = await signUp();
    const blocked = await signUp();
    const blocker = await signUp();
    const other = await signUp();
    const w = word();
    const own = await createListing(viewer, { title: `${w} one` });
    const ofBlocked = await createListing(blocked, { title: `${w} two` });
    const ofBlocker = await createListing(blocker, { title: `${w} three` });
    const ofOther = await createListing(other, { title: `${w} four` });
    expect((await call(`/api/blocks/${blocked.id}`, { method: 'PUT', cookie: viewer.cookie, body: {} })).status).toBe(
      200,
    );
    expect((await call(`/api/blocks/${viewer.id}`, { method: 'PUT', cookie: blocker.cookie, body: {} })).status).toBe(
      200,
    );
    expect(await found(`search=${w}`, viewer)).toEqual([ofOther.id]);
    expect(new Set(await found(`search=${w}`))).toEqual(new Set([own.id, ofBlocked.id, ofBlocker.id, ofOther.id]));
    await integrityCheck();
  });
});
