// How rows leave the API. Password and token columns have no path out of here.
import { distanceMiles, roundMiles, type Position } from '../lib/geo';
import { REMOVED_MESSAGE_TEXT } from '@/shared/constants';
import { sql, type SQL } from 'drizzle-orm';
import { jsonObject, renderedOnce } from './json-reply';
import { columnShape, pickFields } from './reply-columns';
import { storedListing, type ListingStatus } from '@/shared/contract/listings';
import { barter as barterReply } from '@/shared/contract/barters';
import { storedMessage, type Message, type MessageEvent } from '@/shared/contract/messages';
import { storedSearch as storedSearchReply } from '@/shared/contract/stored-searches';
import { notFound } from '../lib/errors';
import {
  publicUser as publicUserReply,
  selfUser as selfUserReply,
  userSummary,
  type UserSummary,
} from '@/shared/contract/users';
import {
  listings,
  messages,
  users,
  type BarterRow,
  type ListingRow,
  type MessageRow,
  type StoredSearchRow,
  type UserRow,
} from './schema';

export const publicUser = (u: UserRow) => pickFields(publicUserReply, u);

/** For the user themself and for admins. */
export const selfUser = (u: UserRow) => pickFields(selfUserReply, u);

/** The public or the self view, depending on who is looking. */
export function userFor(viewer: UserRow | null, u: UserRow) {
  return viewer && (viewer.id === u.id || viewer.isAdmin) ? selfUser(u) : publicUser(u);
}

/** A listing's owner: any row with the summary's fields. */
export type ListingOwner = UserSummary;

/** The listing columns a reply is made of: the declared fields and the coordinates (distance). */
type ShapedListing = Pick<ListingRow, keyof typeof storedListing.entries | 'latitude' | 'longitude'>;

/**
 * With `from` (the searcher's position), a listing also gets `distanceMiles`: great-circle miles,
 * or null when its location has no coordinates (its place is unknown).
 */
export function listingWithOwner(l: ShapedListing, owner: ListingOwner, from?: Position | null) {
  const shaped = { ...pickFields(storedListing, shown(l)), user: pickFields(userSummary, owner) };
  if (!from) return shaped;
  if (l.latitude === null || l.longitude === null) return { ...shaped, distanceMiles: null };
  return {
    ...shaped,
    distanceMiles: roundMiles(distanceMiles(from, { latitude: l.latitude, longitude: l.longitude })),
  };
}

/**
 * A listing being deleted (decision 042) is gone from every read path; the contract has no such
 * status, so one that reached a reply would answer as a listing that does not exist.
 */
function shown<L extends ShapedListing>(l: L): L & { status: ListingStatus } {
  if (l.status === 'deleted') throw notFound('Listing not found');
  return { ...l, status: l.status };
}

/**
 * listingWithOwner() without `from`, as SQLite writes it (decision 033), over rows of `listings`
 * read by bare column name; `owner` is the owner's JSON object (ownerJson).
 */
export function listingWithOwnerJson(owner: SQL) {
  return jsonObject({ ...columnShape(storedListing, listings), user: owner });
}

/** A listing's `user` as SQLite writes it: one member's row, read once by its id. */
export function ownerJson(userId: number | SQL): SQL {
  const fields = jsonObject(columnShape(userSummary, users));
  // json(): a subquery's value is plain text to the enclosing json_object, which would quote it.
  return sql`json((SELECT ${fields} FROM ${users} WHERE ${users.id} = ${userId}))`;
}

/**
 * A member's text keeps the contract's shape exactly; an event line (an offer or barter step)
 * adds `kind: 'event'` and `event` (docs/api/offers.md).
 */
export function message(m: MessageRow): Message {
  const base = pickFields(storedMessage, { ...m, content: m.hiddenAt ? REMOVED_MESSAGE_TEXT : m.content });
  if (m.kind !== 'event' || !m.event) return base;
  const raw = m.event as unknown as Record<string, unknown>;
  const event: MessageEvent = { type: m.event.type };
  if (typeof raw.offerId === 'number') event.offerId = raw.offerId;
  if (typeof raw.barterId === 'number') event.barterId = raw.barterId;
  return { ...base, kind: 'event', event };
}

/** message() as SQLite writes it (decision 033), over rows of `messages` read by bare column name. */
const messageBaseJson = {
  ...columnShape(storedMessage, messages),
  // A hidden message's text never leaves for its members (as message() does).
  content: sql`CASE WHEN hidden_at IS NULL THEN content ELSE ${sql.raw(`'${REMOVED_MESSAGE_TEXT}'`)} END`,
};
// An event's ids are kept only when they are numbers; json_patch drops the keys whose value is null.
const eventNumber = (key: string) =>
  sql.raw(`CASE WHEN json_type(event, '$.${key}') IN ('integer', 'real') THEN event ->> '$.${key}' END`);
export const messageJson = renderedOnce(
  sql`CASE WHEN kind = 'event' AND event IS NOT NULL THEN ${jsonObject({
    ...messageBaseJson,
    kind: sql`'event'`,
    event: sql`json_patch(json_object('type', event ->> '$.type'), json_object('offerId', ${eventNumber('offerId')}, 'barterId', ${eventNumber('barterId')}))`,
  })} ELSE ${jsonObject(messageBaseJson)} END`,
);

export const barter = (b: BarterRow) => pickFields(barterReply, b);
export const storedSearch = (s: StoredSearchRow) => pickFields(storedSearchReply, s);
