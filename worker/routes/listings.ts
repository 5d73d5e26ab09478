// Listings (docs/api/listings.md) and a member's listings (GET /api/users/:id/listings).
// Numeric path params carry a regex so sibling routes on the same prefix (/featured,
// /:id/barters, /:id/reviews) are never swallowed.
import type { Context } from 'hono';
import {
  LISTINGS_DEFAULT_LIMIT,
  LISTINGS_MAX_LIMIT,
  LISTINGS_RESULT_WINDOW,
  SEARCH_DISTANCES,
} from '@/shared/constants';
import { listingRoutes } from '@/shared/contract/listings';
import { userSummary } from '@/shared/contract/users';
import { listingCreateSchema, listingSearchSchema, listingUpdateSchema } from '@/shared/schemas';
import { findUploads, uploadKeyFromPath, withThumbKeys } from '../db/queries/images';
import {
  deleteListing,
  featuredListings,
  findListing,
  findListingShaped,
  insertListing,
  listingsOfUserJson,
  searchListings,
  searchListingsNear,
  unknownCategories,
  updateListing,
} from '../db/queries/listings';
import { PUBLIC_LIST_CACHE } from '../lib/cache-control';
import { resolvePlace } from '../lib/gazetteer';
import { endReason, selectByListing, type DissolvedCircle } from '@worker/lib/trade-circles/legs';
import { dissolveStatements } from '@worker/db/queries/trade-circles';
import { afterDissolved, dissolveCirclesForListing } from '@worker/services/trade-circles/propose';
import type { ListingRow, UserRow } from '../db/schema';
import { detectMatchesForMember } from '../db/queries/matches';
import { pushNewMatches } from '@worker/services/match-pushes';
import { wantInfo } from '../db/queries/wants';
import { listingWithOwner } from '../db/shapes';
import { jsonReply } from '../db/json-reply';
import { pickFields } from '../db/reply-columns';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import type { Position } from '../lib/geo';
import { reply, router, serve } from '../lib/serve';
import { parseBody, parseId, parseWith } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { afterReply } from '../lib/after-reply';
import { memberBudget } from '../middleware/member-budget';
import { EDGE_SECONDS, edgeCached, listingPath, purgePublic } from '../middleware/edge-cache';
import { viewer } from '../middleware/session';

export const listingRouter = router('/api/listings');
export const userListingRouter = router('/api/users');

const IMAGE_MESSAGE = 'Images must be uploaded through this site';
export const HIDDEN_LISTING_MESSAGE = 'This listing was hidden by a moderator';
const DISTANCE_MESSAGE = 'Distance must be 5, 10, 25, 50, 100 or any';
const NEAR_MESSAGE = 'We could not find that place';
const LAT_LNG_MESSAGE = 'lat and lng must be a latitude (-90 to 90) and a longitude (-180 to 180)';
const NEAR_MAX = 100;
/** Past the result window (decision 041): no page there is served, so no request reads that deep. */
export const OFFSET_MESSAGE = `Only the first ${LISTINGS_RESULT_WINDOW.toLocaleString('en-US')} results can be shown: offset must be below ${LISTINGS_RESULT_WINDOW}. Narrow the search to see others`;

/** A number from a query or `request.cf` value, or null. */
function coordinate(value: unknown, limit: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * Where a search is from: `lat` + `lng`, else `near` (a place name, 400 when unknown), else
 * Cloudflare's position of the visitor (production only: elsewhere `request.cf` is Miniflare's
 * placeholder), else the DEFAULT_NEAR place. Null when none of these gives a position.
 */
async function searchPosition(c: Context<AppEnv>): Promise<Position | null> {
  const lat = c.req.query('lat');
  const lng = c.req.query('lng');
  if (lat !== undefined || lng !== undefined) {
    const latitude = coordinate(lat, 90);
    const longitude = coordinate(lng, 180);
    if (latitude === null || longitude === null) throw badRequest(LAT_LNG_MESSAGE, { lat: LAT_LNG_MESSAGE });
    return { latitude, longitude };
  }
  const near = c.req.query('near')?.trim();
  if (near) {
    if (near.length > NEAR_MAX) throw badRequest(NEAR_MESSAGE, { near: NEAR_MESSAGE });
    const place = await resolvePlace(c.env.ASSETS, near);
    if (!place) throw badRequest(NEAR_MESSAGE, { near: NEAR_MESSAGE });
    return place;
  }
  if (c.env.ENVIRONMENT === 'production') {
    const cf = c.req.raw.cf as { latitude?: unknown; longitude?: unknown } | undefined;
    const latitude = coordinate(cf?.latitude, 90);
    const longitude = coordinate(cf?.longitude, 180);
    if (latitude !== null && longitude !== null) return { latitude, longitude };
  }
  const fallback = c.env.DEFAULT_NEAR?.trim();
  return fallback ? resolvePlace(c.env.ASSETS, fallback) : null;
}

const hasExplicitPosition = (c: Context<AppEnv>) =>
  ['near', 'lat', 'lng'].some((name) => c.req.query(name) !== undefined);

serve(listingRouter, listingRoutes.search, viewer('row'), async (c) => {
  const query = parseWith(listingSearchSchema, c.req.query());
  const offset = query.offset ?? 0;
  if (offset >= LISTINGS_RESULT_WINDOW) throw badRequest(OFFSET_MESSAGE, { offset: OFFSET_MESSAGE });
  // A page that runs past the window stops at its edge.
  const limit = Math.min(query.limit ?? LISTINGS_DEFAULT_LIMIT, LISTINGS_MAX_LIMIT, LISTINGS_RESULT_WINDOW - offset);
  if (query.distance && !SEARCH_DISTANCES.map(String).includes(query.distance)) {
    throw badRequest(DISTANCE_MESSAGE, { distance: DISTANCE_MESSAGE });
  }
  // A position is looked for when a distance is asked (even `any`: cards then say how far) or given.
  const position = query.distance || hasExplicitPosition(c) ? await searchPosition(c) : null;
  const miles = query.distance && query.distance !== 'any' ? Number(query.distance) : null;
  const filter = { search: query.search, category: query.category, viewerId: c.get('user')?.id, limit, offset };
  const { items, total, exact } =
    position && miles !== null
      ? await searchListingsNear(c.get('db'), filter, position, miles)
      : await searchListings(c.get('db'), filter, position);
  c.header('X-Total-Count', String(total));
  // A text search's count is a lower bound when it had more matches than it considers ("1,000+").
  c.header('X-Total-Count-Exact', exact ? 'true' : 'false');
  return reply(c, listingRoutes.search, items);
});

// Browsers may keep the six for five minutes (decision 045): featuring is an admin's occasional act.
serve(listingRouter, listingRoutes.featured, viewer('none'), async (c) => {
  c.header('Cache-Control', PUBLIC_LIST_CACHE);
  return reply(c, listingRoutes.featured, await featuredListings(c.get('db')));
});

// A guest's reply is the same for every guest: with PUBLIC_CACHE the edge keeps it (decision 057).
serve(
  listingRouter,
  listingRoutes.get,
  viewer('row'),
  edgeCached(EDGE_SECONDS.listing, { guests: true }),
  async (c) => {
    const id = parseId(c.req.param('id'), 'Listing');
    // Only a position the request gives (near, lat/lng) adds distanceMiles to one listing.
    const viewer = c.get('user');
    // The other side of a block (either way) gets the 404 of a missing listing; admins see every listing.
    const listing = await findListingShaped(
      c.get('db'),
      id,
      hasExplicitPosition(c) ? await searchPosition(c) : null,
      viewer && !viewer.isAdmin ? viewer.id : null,
    );
    if (!listing || !listingShownTo(listing, viewer)) throw notFound('Listing not found');
    if (!viewer) return reply(c, listingRoutes.get, listing);
    const wants = await wantInfo(c.get('db'), viewer.id, id, viewer.id === listing.userId);
    return reply(c, listingRoutes.get, listingReply(listing, wants));
  },
);

/** A listing hidden by moderation is missing to everyone but its owner and admins. */
export const listingShownTo = (listing: { status: string; userId: number }, viewer: UserRow | null) =>
  listing.status !== 'hidden' || viewer?.id === listing.userId || viewer?.isAdmin === true;

/** docs/api/wants-matches-circles.md: wantedByMe for a member, wantCount for the owner only. */
export function listingReply<L extends object>(
  listing: L,
  { wantedByMe, wantCount }: { wantedByMe: boolean; wantCount: number | null },
) {
  return wantCount === null ? { ...listing, wantedByMe } : { ...listing, wantedByMe, wantCount };
}

serve(listingRouter, listingRoutes.create, viewer('row'), memberBudget('listingCreatesPerMember'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const input = await parseBody(c, listingCreateSchema);
  assertActingAs(user, input.userId);
  const { userId: _claimed, ...fields } = input;
  await assertKnownCategories(c, fields.categoriesOffered);
  const imageUrls = unique(fields.imageUrls);
  await assertOwnUploads(c, user, imageUrls, []);
  // The location stays as typed; its coordinates (null when no place matches) drive distance search.
  const created = await insertListing(
    db,
    user.id,
    { ...fields, imageUrls },
    await resolvePlace(c.env.ASSETS, fields.location),
  );
  // Matches the new listing makes are found after the reply (docs/decisions/023-wants-and-matches.md).
  await afterReply(c, () =>
    detectMatchesForMember(c.env.DB, memberOf(user), c.env, (fresh) => pushNewMatches(c.env, fresh)),
  );
  return reply(c, listingRoutes.create, listingWithOwner(created, user));
});

serve(listingRouter, listingRoutes.update, viewer('row'), memberBudget('listingEditsPerMember'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const found = await findListing(db, parseId(c.req.param('id'), 'Listing'));
  if (!found) throw notFound('Listing not found');
  // Only the owner edits a listing (admins feature listings, they do not edit them).
  if (found.listing.userId !== user.id) throw forbidden('You can only edit your own listing');
  const input = await parseBody(c, listingUpdateSchema);
  assertActingAs(user, input.userId);

  // Fields left out stay undefined, and an undefined field is not written.
  const { userId: _claimed, ...changes } = input;
  if (changes.categoriesOffered) await assertKnownCategories(c, changes.categoriesOffered);
  let removed: string[] = [];
  if (changes.imageUrls) {
    const next = unique(changes.imageUrls);
    await assertOwnUploads(c, user, next, found.listing.imageUrls);
    changes.imageUrls = next;
    removed = found.listing.imageUrls.filter((path) => !next.includes(path));
  }
  // Only moderation hides a listing and brings it back (docs/api/moderation.md): its owner may still
  // edit its text, not its status. The update re-checks it, so a hide racing this edit wins.
  if (changes.status !== undefined && found.listing.status === 'hidden') throw conflict(HIDDEN_LISTING_MESSAGE);
  // A changed location is resolved again (null coordinates when no place matches).
  const place = changes.location !== undefined ? await resolvePlace(c.env.ASSETS, changes.location) : undefined;
  const coordinates =
    place === undefined ? {} : { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
  const updated = await updateListing(db, found.listing, { ...changes, ...coordinates }, removed);
  if (!updated) throw conflict(HIDDEN_LISTING_MESSAGE);
  if (changes.status !== undefined && updated.status !== 'active')
    await dissolveCirclesForListing(c.env, updated.id, undefined, undefined, user.id);
  await purgePublic(c, [listingPath(updated.id)]);
  await deleteImages(c, removed);
  if (updated.status === 'active' && changesWhatMatches(found.listing, updated))
    await afterReply(c, () =>
      detectMatchesForMember(c.env.DB, memberOf(user), c.env, (fresh) => pushNewMatches(c.env, fresh)),
    );
  return reply(c, listingRoutes.update, listingWithOwner(updated, found.owner));
});

serve(listingRouter, listingRoutes.remove, viewer('row'), memberBudget('listingEditsPerMember'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const found = await findListing(db, parseId(c.req.param('id'), 'Listing'));
  if (!found) throw notFound('Listing not found');
  if (found.listing.userId !== user.id && !user.isAdmin) throw forbidden('You can only delete your own listing');
  // A proposed trade circle with this listing is declined in the delete's own batch (decision 024).
  const at = new Date().toISOString();
  const [dissolved] = await deleteListing(
    db,
    found.listing,
    dissolveStatements(c.env.DB, selectByListing(found.listing.id), at, endReason('listing_deleted')),
  );
  await afterDissolved(c.env, dissolved!.results as DissolvedCircle[], 'listing_deleted', at, [user.id]);
  await purgePublic(c, [listingPath(found.listing.id)]);
  await deleteImages(c, found.listing.imageUrls);
  return reply(c, listingRoutes.remove, { message: 'Listing deleted' });
});

serve(userListingRouter, listingRoutes.ofUser, viewer('sql'), async (c) => {
  const db = c.get('db');
  const id = parseId(c.req.param('id'), 'User');
  // One round trip (listingsOfUserJson): the owner check, and the listings with the viewer checked
  // in their statement (this route is viewer('sql'): no user row is read before it).
  const json = await listingsOfUserJson(db, id, c.get('viewerSession'));
  if (json === undefined) throw notFound('User not found');
  return jsonReply(c, json);
});

const unique = (values: string[]) => [...new Set(values)];

/** The member as matches name them: their summary. */
const memberOf = (user: UserRow) => pickFields(userSummary, user);

/** An edit that can make new matches: the listing became active, or what it is or wants changed. */
function changesWhatMatches(before: ListingRow, after: ListingRow): boolean {
  return (
    before.status !== after.status ||
    before.title !== after.title ||
    before.description !== after.description ||
    before.whatUserWants !== after.whatUserWants ||
    JSON.stringify(before.whatUserWantsOptions) !== JSON.stringify(after.whatUserWantsOptions) ||
    JSON.stringify(before.categoriesOffered) !== JSON.stringify(after.categoriesOffered)
  );
}

async function assertKnownCategories(c: Context<AppEnv>, slugs: string[]) {
  const unknown = await unknownCategories(c.get('db'), slugs);
  if (unknown.length)
    throw badRequest('Please select a valid category', { categoriesOffered: 'Please select a valid category' });
}

/**
 * Every image must be an upload of this member whose bytes arrived, not used by another listing.
 * Paths the listing already has (`current`) stay valid.
 */
async function assertOwnUploads(c: Context<AppEnv>, user: UserRow, paths: string[], current: string[]) {
  const fresh = paths.filter((path) => !current.includes(path));
  const keys = fresh.map(uploadKeyFromPath);
  if (keys.some((key) => key === null)) throw badRequest(IMAGE_MESSAGE, { imageUrls: IMAGE_MESSAGE });
  const rows = new Map((await findUploads(c.get('db'), keys as string[])).map((row) => [row.key, row]));
  for (const key of keys as string[]) {
    const row = rows.get(key);
    if (!row || row.userId !== user.id || row.storedAt === null || row.attachedAt !== null) {
      throw badRequest(IMAGE_MESSAGE, { imageUrls: IMAGE_MESSAGE });
    }
  }
}

/** R2 deletes (photos and thumbnails) run after the reply; the rows that pointed at them are already gone. */
async function deleteImages(c: Context<AppEnv>, paths: string[]) {
  const keys = paths.map(uploadKeyFromPath).filter((key): key is string => key !== null);
  if (keys.length) await afterReply(c, () => c.env.IMAGES.delete(withThumbKeys(keys)));
}
