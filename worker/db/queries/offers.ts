// Data access for offers (docs/api/offers.md). Every step is one D1 batch (one transaction) that
// changes the offer only from `open` (a conditional UPDATE), adds the conversation's event line
// once (messages.event_key is unique) and, on acceptance, the pending barter. Racing requests
// therefore leave exactly one outcome.
import { and, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { MessageEvent } from '@/shared/contract/messages';
import { storedOffer, type Offer } from '@/shared/contract/offers';
import { pickFields } from '../reply-columns';
import type { Db } from '../client';
import {
  barters,
  listings,
  messages,
  offerItems,
  offers,
  type ListingRow,
  type MessageRow,
  type OfferRow,
} from '../schema';
import { blockedEitherWay } from './blocks';
import { listingGone } from './listing-deletion';
import { nextId, nextIdsOfRowsSql } from '../id-reserve';
import { messageBudgetGateSql } from './message-budget';
import { notifyStatement, type NotificationEvent } from './notifications';

const nowIso = () => new Date().toISOString();

// The steps below mix builder statements with raw SQL (INSERT … SELECT … WHERE, INSERT OR IGNORE),
// which drizzle's batch cannot bind, so they run as one D1 batch of prepared statements.
const dialect = new SQLiteAsyncDialect();
type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };
const prepare = (db: Db, q: Statement) => {
  const { sql: text, params } = 'toSQL' in q ? q.toSQL() : dialect.sqlToQuery(q);
  return db.$client.prepare(text).bind(...params);
};
/** Runs the statements as one D1 batch (one transaction): all of them or none. */
const runBatch = (db: Db, statements: Statement[]) => db.$client.batch(statements.map((q) => prepare(db, q)));

export function findOfferById(db: Db, id: number): Promise<OfferRow | undefined> {
  return db.query.offers.findFirst({ where: eq(offers.id, id) });
}

/** An offer and whether its two members are in a block (either way), in the one read a step already makes. */
export async function findOfferAcrossBlock(
  db: Db,
  id: number,
): Promise<{ offer: OfferRow; blocked: boolean } | undefined> {
  const [row] = await db
    .select({
      offer: getTableColumns(offers),
      blocked: sql<number>`${blockedEitherWay(sql`${offers.fromUserId}`, sql`${offers.toUserId}`)}`,
    })
    .from(offers)
    .where(eq(offers.id, id));
  return row ? { offer: row.offer, blocked: row.blocked === 1 } : undefined;
}

/** A listing and whether its owner and `viewerId` are in a block (either way), in one read. */
export async function findListingAcrossBlock(
  db: Db,
  id: number,
  viewerId: number,
): Promise<{ listing: ListingRow; blocked: boolean } | undefined> {
  const [row] = await db
    .select({
      listing: getTableColumns(listings),
      blocked: sql<number>`${blockedEitherWay(viewerId, sql`${listings.userId}`)}`,
    })
    .from(listings)
    .where(eq(listings.id, id));
  return row ? { listing: row.listing, blocked: row.blocked === 1 } : undefined;
}

/** A conversation's offers, newest first (offers_listing_conversation_idx: the listing's id, then the key). */
export function offersOfConversation(db: Db, listingId: number, conversationKey: string): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listingId), eq(offers.conversationKey, conversationKey)))
    .orderBy(desc(offers.id))
    .limit(50);
}

/** The conversation's open offer, if any (offers_one_open_idx). */
export async function openOfferOf(db: Db, conversationKey: string): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.conversationKey, conversationKey), eq(offers.status, 'open')))
    .limit(1);
  return row;
}

/** The listings named as payment, with what the rules need (owner, status) and the card shows. */
export function listingsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: listings.id,
      userId: listings.userId,
      title: listings.title,
      status: listings.status,
      imageUrls: listings.imageUrls,
    })
    .from(listings)
    .where(and(inArray(listings.id, ids), sql`NOT ${listingGone('listings')}`));
}

/** Offers as the API returns them: each with the listings it gives, read in one query. */
export async function shapeOffers(db: Db, rows: OfferRow[]): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({
      offerId: offerItems.offerId,
      id: listings.id,
      title: listings.title,
      status: listings.status,
      imageUrls: listings.imageUrls,
    })
    .from(offerItems)
    .innerJoin(listings, eq(listings.id, offerItems.listingId))
    .where(
      and(
        inArray(
          offerItems.offerId,
          rows.map((r) => r.id),
        ),
        // A listing being deleted is no longer given (its offer_items rows go with it; decision 042).
        sql`NOT ${listingGone('listings')}`,
      ),
    )
    .orderBy(offerItems.offerId, listings.id);
  return rows.map((r) => ({
    ...pickFields(storedOffer, r),
    conversation: r.conversationKey,
    givenListings: items
      .filter((i) => i.offerId === r.id)
      // The query left out listings being deleted, so the status is one the API shows.
      .map((i) => ({
        id: i.id,
        title: i.title,
        status: i.status as Offer['givenListings'][number]['status'],
        imageUrl: i.imageUrls[0] ?? null,
      })),
  }));
}

export async function shapeOffer(db: Db, row: OfferRow): Promise<Offer> {
  const [shaped] = await shapeOffers(db, [row]);
  return shaped!;
}

/** A pending or completed barter of the pair about the listing (either direction). */
export async function liveBarterOf(db: Db, listingId: number, a: number, b: number) {
  const [row] = await db
    .select()
    .from(barters)
    .where(
      and(
        eq(barters.listingId, listingId),
        inArray(barters.status, ['pending', 'completed']),
        or(
          and(eq(barters.initiatorId, a), eq(barters.recipientId, b)),
          and(eq(barters.initiatorId, b), eq(barters.recipientId, a)),
        ),
      ),
    )
    .orderBy(desc(barters.id))
    .limit(1);
  return row;
}

/** An event line of a conversation: who did it (sender), who it tells (receiver), once per key. */
export interface EventLine {
  senderId: number;
  receiverId: number;
  listingId: number;
  content: string;
  event: MessageEvent;
  /** Makes the line once-only, e.g. `offer:12:accepted`. */
  key: string;
}

/**
 * The line's INSERT, unexecuted. `when` (SQL) must hold for it to be written; `offerIdSql` stands in
 * for an offer id that is not known until the batch runs (a new offer's).
 */
function eventLineStatement(line: EventLine, when: SQL = sql`1`, offerIdSql?: SQL): SQL {
  const content = line.content.slice(0, 2000);
  // D1 binds JavaScript numbers as REAL: the CAST keeps ids integers in the JSON.
  const offerId =
    offerIdSql ?? (line.event.offerId === undefined ? sql`NULL` : sql`CAST(${line.event.offerId} AS INTEGER)`);
  const barterId = line.event.barterId === undefined ? sql`NULL` : sql`CAST(${line.event.barterId} AS INTEGER)`;
  // json_object drops nothing: absent ids are stored as null and read back as absent (shapes.ts).
  return sql`
    INSERT OR IGNORE INTO messages (id, sender_id, receiver_id, listing_id, content, kind, event, event_key)
    SELECT ${nextId('messages')}, ${line.senderId}, ${line.receiverId}, ${line.listingId}, ${content}, 'event',
           json_object('type', ${line.event.type}, 'offerId', ${offerId}, 'barterId', ${barterId}),
           ${line.key}
     WHERE ${when}`;
}

/** Writes an event line (a barter or review step) and returns it, or undefined if it existed. */
export async function addEventLine(
  db: Db,
  line: EventLine,
  notice?: NotificationEvent,
): Promise<MessageRow | undefined> {
  const statements: Statement[] = [eventLineStatement(line)];
  if (notice) statements.push(notifyStatement(db, notice));
  const [inserted] = await runBatch(db, statements);
  if (!inserted!.meta.changes) return undefined;
  const [row] = await db.select().from(messages).where(eq(messages.eventKey, line.key)).limit(1);
  return row;
}

/** The event lines written under these keys (for the live frames). */
export function eventLinesByKeys(db: Db, keys: string[]): Promise<MessageRow[]> {
  return db.select().from(messages).where(inArray(messages.eventKey, keys)).orderBy(messages.id);
}

export interface NewOffer {
  listingId: number;
  conversationKey: string;
  fromUserId: number;
  toUserId: number;
  text: string | null;
  givenListingIds: number[];
  /** When it lapses unanswered (offerExpiry in worker/lib/offer-expiry.ts). */
  expiresAt: string;
}

const openOfferIdOf = (conversationKey: string) =>
  sql`(SELECT id FROM offers WHERE conversation_key = ${conversationKey} AND status = 'open')`;

/**
 * Stores a new open offer with its items, the member's covering message (if any) and the
 * "offered" line, and tells the other member. The unique open-offer index makes a second open
 * offer in the conversation fail the whole batch (the caller answers 409). Returns the offer and
 * its line's id.
 *
 * The line has no once-only key (decision 049): it belongs to an offer this batch creates, so no
 * racing request can write it twice (a second open offer fails the batch), and the key's entry
 * in messages_event_key_idx was a row written per offer that only this request read back.
 */
export async function createOffer(
  db: Db,
  offer: NewOffer,
  extras: { message: string | null; lineContent: string; notice: NotificationEvent },
): Promise<{ offer: OfferRow; lineId: number }> {
  const offerId = openOfferIdOf(offer.conversationKey);
  const statements: Statement[] = [
    // An offer is a message in the conversation: it spends the member's message budget.
    messageBudgetGateSql(offer.fromUserId),
    db
      .insert(offers)
      .values({
        // Every id under its table's reserve (decision 049): an AUTOINCREMENT id writes the
        // sequence row, and for messages leaves every later message writing it until the top-up.
        id: nextId('offers'),
        listingId: offer.listingId,
        conversationKey: offer.conversationKey,
        fromUserId: offer.fromUserId,
        toUserId: offer.toUserId,
        text: offer.text,
        expiresAt: offer.expiresAt,
      })
      .returning({ id: offers.id }),
    ...offer.givenListingIds.map(
      (listingId) => sql`INSERT INTO offer_items (offer_id, listing_id) VALUES (${offerId}, ${listingId})`,
    ),
  ];
  if (extras.message) {
    statements.push(
      db.insert(messages).values({
        id: nextId('messages'),
        senderId: offer.fromUserId,
        receiverId: offer.toUserId,
        listingId: offer.listingId,
        content: extras.message,
      }),
    );
  }
  const lineAt = statements.length;
  statements.push(
    sql`
      INSERT INTO messages (id, sender_id, receiver_id, listing_id, content, kind, event)
      VALUES (${nextId('messages')}, ${offer.fromUserId}, ${offer.toUserId}, ${offer.listingId}, ${extras.lineContent.slice(0, 2000)}, 'event',
              json_object('type', 'offer_made', 'offerId', ${offerId}, 'barterId', NULL))
      RETURNING id`,
    // The covering message is in the notice's count already (one for the offer, as before).
    notifyStatement(db, extras.notice, { textsInBatch: extras.message ? 1 : 0 }),
  );
  const results = await runBatch(db, statements);
  const id = (results[1]!.results[0] as { id: number }).id;
  const lineId = (results[lineAt]!.results[0] as { id: number }).id;
  return { offer: (await findOfferById(db, id))!, lineId };
}

/** Conversation lines by id (a step's line known by the id its insert returned). */
export function linesByIds(db: Db, ids: number[]): Promise<MessageRow[]> {
  return db.select().from(messages).where(inArray(messages.id, ids)).orderBy(messages.id);
}

/**
 * Replaces an open offer with the caller's counter: the old one becomes `countered`, the new one
 * (from the caller to the other member) is open. A racing second counter changes nothing (the
 * old offer is no longer open), or, started in the same millisecond, fails its whole batch on the
 * unique replacement index. Returns the new offer, or undefined when the old one was no longer open.
 */
export async function counterOffer(
  db: Db,
  old: OfferRow,
  counter: { fromUserId: number; toUserId: number; text: string | null; givenListingIds: number[]; expiresAt: string },
  extras: { lineContent: string; eventType: 'offer_countered'; notice: NotificationEvent },
): Promise<OfferRow | undefined> {
  const at = nowIso();
  const newId = sql`(SELECT id FROM offers WHERE replaces_offer_id = ${old.id})`;
  const statements: Statement[] = [
    messageBudgetGateSql(counter.fromUserId),
    db
      .update(offers)
      .set({ status: 'countered', respondedAt: at, updatedAt: at })
      .where(and(eq(offers.id, old.id), eq(offers.status, 'open')))
      .returning({ id: offers.id }),
    // Only when this batch countered it (its own timestamp).
    sql`
      INSERT INTO offers (id, listing_id, conversation_key, from_user_id, to_user_id, status, text, replaces_offer_id, expires_at, updated_at)
      SELECT ${nextId('offers')}, ${old.listingId}, ${old.conversationKey}, ${counter.fromUserId}, ${counter.toUserId}, 'open', ${counter.text}, ${old.id}, ${counter.expiresAt}, ${at}
       WHERE EXISTS (SELECT 1 FROM offers WHERE id = ${old.id} AND status = 'countered' AND responded_at = ${at})`,
    ...counter.givenListingIds.map(
      (listingId) => sql`
        INSERT INTO offer_items (offer_id, listing_id)
        SELECT id, ${listingId} FROM offers WHERE replaces_offer_id = ${old.id} AND updated_at = ${at}`,
    ),
    sql`
      INSERT OR IGNORE INTO messages (id, sender_id, receiver_id, listing_id, content, kind, event, event_key)
      SELECT ${nextId('messages')}, ${counter.fromUserId}, ${counter.toUserId}, ${old.listingId}, ${extras.lineContent.slice(0, 2000)}, 'event',
             json_object('type', ${extras.eventType}, 'offerId', ${newId}, 'barterId', NULL), ${`offer:${old.id}:countered`}
       WHERE ${newId} IS NOT NULL`,
  ];
  const [, countered] = await runBatch(db, statements);
  if (countered!.results.length === 0) return undefined;
  await notifyStatement(db, extras.notice);
  const [row] = await db.select().from(offers).where(eq(offers.replacesOfferId, old.id)).limit(1);
  return row;
}

/** Declines or withdraws an open offer (with its line). Returns whether this call changed it. */
export async function closeOffer(
  db: Db,
  offer: OfferRow,
  status: 'declined' | 'withdrawn' | 'expired',
  line: EventLine | null,
): Promise<boolean> {
  const at = nowIso();
  const statements: Statement[] = [
    db
      .update(offers)
      .set({ status, respondedAt: at, updatedAt: at })
      .where(and(eq(offers.id, offer.id), eq(offers.status, 'open')))
      .returning({ id: offers.id }),
  ];
  if (line)
    statements.push(
      eventLineStatement(line, sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offer.id} AND status = ${status})`),
    );
  const [changed] = await runBatch(db, statements);
  return changed!.results.length > 0;
}

/**
 * Accepts an open offer: in one batch the offer becomes `accepted`, the pair's pending barter is
 * created (the listing's owner as initiator; both members then confirm the handover, decision 060;
 * an existing pending or completed barter of the pair is linked instead), the offer links it, the
 * "accepted" line is written, and the listing's other open offers close politely, each with its
 * line and its member's bell entry. Returns whether this call accepted it, the offer afterwards and
 * the offers it closed.
 */
export async function acceptOffer(
  db: Db,
  offer: OfferRow,
  parties: { ownerId: number; memberId: number },
  line: EventLine,
): Promise<{ accepted: boolean; offer: OfferRow; closed: ClosedOffer[] }> {
  const at = nowIso();
  const { ownerId, memberId } = parties;
  const pairBarter = sql`(SELECT id FROM barters
     WHERE listing_id = ${offer.listingId} AND status IN ('pending', 'completed')
       AND ((initiator_id = ${ownerId} AND recipient_id = ${memberId}) OR (initiator_id = ${memberId} AND recipient_id = ${ownerId}))
     ORDER BY id DESC LIMIT 1)`;
  const acceptedNow = sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offer.id} AND status = 'accepted' AND barter_id IS NULL)`;
  const acceptedHere = sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offer.id} AND status = 'accepted' AND responded_at = ${at})`;
  const results = await runBatch(db, [
    db
      .update(offers)
      .set({ status: 'accepted', respondedAt: at, updatedAt: at })
      .where(and(eq(offers.id, offer.id), eq(offers.status, 'open')))
      .returning({ id: offers.id }),
    sql`
      INSERT INTO barters (listing_id, initiator_id, recipient_id, status)
      SELECT ${offer.listingId}, ${ownerId}, ${memberId}, 'pending'
       WHERE ${acceptedNow} AND ${pairBarter} IS NULL`,
    sql`UPDATE offers SET barter_id = ${pairBarter} WHERE id = ${offer.id} AND status = 'accepted' AND barter_id IS NULL`,
    eventLineStatement(line, sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offer.id} AND status = 'accepted')`),
    ...closeOthersStatements(offer, acceptedHere, at),
  ]);
  return {
    accepted: results[0]!.results.length > 0,
    offer: (await findOfferById(db, offer.id))!,
    closed: results[4]!.results as ClosedOffer[],
  };
}

/** The conversation's address in SQL, from an `offers` row aliased `o` (conversationLink). */
const OFFER_LINK_SQL = `'/messages/' || o.conversation_key`;

/**
 * The lines and bell entries that tell members their offers closed without an answer (decision
 * 060): the offers `closed` (SQL on the `offers` row `o`) selects, after the batch's UPDATE set
 * them `offer_closed`'s `closed` or `expired`. `closed`: another offer on the listing was accepted;
 * the owner writes the line to the member. `expired`: the member it was addressed to never
 * answered; the line is theirs to the member who made it, and so is the entry. Once-only keys
 * (`offer:{id}:closed` / `:expired`), as every step's.
 */
function offerClosingStatements(kind: 'closed' | 'expired', closed: SQL, at: string): SQL[] {
  const member = `CASE WHEN o.from_user_id = l.user_id THEN o.to_user_id ELSE o.from_user_id END`;
  const [sender, receiver] = kind === 'closed' ? ['l.user_id', member] : ['o.to_user_id', 'o.from_user_id'];
  const content =
    kind === 'closed'
      ? sql`u.display_name || ' agreed a barter for this listing with another member, so this offer was closed. Thank you for offering!'`
      : sql`'This offer expired without an answer. You can make a new one.'`;
  const text =
    kind === 'closed'
      ? sql`'Your offer on “' || l.title || '” was closed: it went to another member'`
      : sql`'Your offer on “' || l.title || '” expired without an answer'`;
  return [
    sql`
      INSERT OR IGNORE INTO messages (id, sender_id, receiver_id, listing_id, content, kind, event, event_key)
      SELECT ${sql.raw(nextIdsOfRowsSql('messages'))}, ${sql.raw(sender)}, ${sql.raw(receiver)}, o.listing_id, ${content}, 'event',
             json_object('type', ${`offer_${kind}`}, 'offerId', o.id, 'barterId', NULL), 'offer:' || o.id || ${`:${kind}`}
        FROM offers o JOIN listings l ON l.id = o.listing_id JOIN users u ON u.id = l.user_id
       WHERE ${closed}`,
    sql`
      INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
      SELECT ${sql.raw(nextIdsOfRowsSql('notifications'))}, ${sql.raw(receiver)}, 'offer',
             'message:' || o.listing_id || ':' || ${sql.raw(sender)}, ${text}, ${sql.raw(OFFER_LINK_SQL)}, 1, ${at}
        FROM offers o JOIN listings l ON l.id = o.listing_id
       WHERE ${closed}
      ON CONFLICT (user_id, subject_key) DO UPDATE SET
        kind = excluded.kind, text = excluded.text, link = excluded.link,
        count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + 1 ELSE 1 END,
        read_at = NULL, updated_at = excluded.updated_at`,
  ];
}

/** An offer a step closed besides its own: who to tell and where. */
export interface ClosedOffer {
  id: number;
  listing_id: number;
  from_user_id: number;
  to_user_id: number;
}

/**
 * After an acceptance: the listing's other open offers close politely (decision 060), in the
 * acceptance's batch and only when it accepted (`acceptedNow`). Returns the statements and where
 * in them the closed offers come back.
 */
function closeOthersStatements(offer: OfferRow, acceptedNow: SQL, at: string): SQL[] {
  const closedHere = sql`o.listing_id = ${offer.listingId} AND o.status = 'closed' AND o.responded_at = ${at}`;
  return [
    sql`
      UPDATE offers SET status = 'closed', responded_at = ${at}, updated_at = ${at}
       WHERE listing_id = ${offer.listingId} AND status = 'open' AND id <> ${offer.id} AND ${acceptedNow}
      RETURNING id, listing_id, from_user_id, to_user_id`,
    ...offerClosingStatements('closed', closedHere, at),
  ];
}

/**
 * Open offers whose time has passed, at most `limit`. Read through offers_one_open_idx (the open
 * offers only, one row each): an index of their own would be a row written per offer (decision 060).
 */
export async function dueOfferExpiries(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`
    SELECT id FROM offers INDEXED BY offers_one_open_idx
     WHERE status = 'open' AND expires_at <= ${at}
     LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/**
 * Expires the offers `ids` that are still open, in one batch: the status, the line in each
 * conversation and the maker's bell entry. Returns the offers this batch expired.
 */
export async function expireOffers(db: Db, ids: number[], at: string): Promise<ClosedOffer[]> {
  if (ids.length === 0) return [];
  const list = JSON.stringify(ids);
  const expiredHere = sql`o.id IN (SELECT value FROM json_each(${list})) AND o.status = 'expired' AND o.responded_at = ${at}`;
  const [expired] = await runBatch(db, [
    sql`
      UPDATE offers SET status = 'expired', responded_at = ${at}, updated_at = ${at}
       WHERE id IN (SELECT value FROM json_each(${list})) AND status = 'open'
      RETURNING id, listing_id, from_user_id, to_user_id`,
    ...offerClosingStatements('expired', expiredHere, at),
  ]);
  return expired!.results as ClosedOffer[];
}

/** Offers by id (ascending). */
export function offersByIds(db: Db, ids: number[]): Promise<OfferRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(offers).where(inArray(offers.id, ids)).orderBy(offers.id);
}
