// Loads the demo community into an empty database (development only; see routes/dev.ts).
// Rows go in one D1 batch per table group; one statement per row keeps each under D1's
// 100-bound-parameter limit.
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  barters,
  communityEvents,
  eventAttendees,
  listingCategories,
  listings,
  messages,
  notifications,
  reviews,
  testimonials,
  uploads,
  users,
  wants,
} from '../db/schema';
import { nextId } from '../db/id-reserve';
import { conversationLink } from '../db/queries/messages';
import { notifyStatement, subjectKeys } from '../db/queries/notifications';
import { resolvePlace } from '../lib/gazetteer';
import { newAccountPassword } from '@worker/services/passwords';
import { DAY, HOUR, MINUTE } from '../lib/time';
import { demoImageManifest, storeDemoImage } from './demo-images';

import { proposeCircle } from '@worker/services/trade-circles/propose';
import {
  DEMO_PASSWORD,
  SEED_BARTER,
  SEED_CIRCLE,
  SEED_CONVERSATIONS,
  SEED_EVENTS,
  SEED_LISTINGS,
  SEED_MEMBERS,
  SEED_REPORTS,
  SEED_TESTIMONIALS,
  SEED_WANTS,
} from './seed-data';

import { snapshotSql } from '../db/queries/report-targets';
import { prepareSql } from '../db/prepare-sql';

/** Drizzle's batch takes a non-empty tuple; the seed's lists are never empty. */
const atLeastOne = <T>(items: T[]) => items as [T, ...T[]];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Returns false (and changes nothing) when the database already has members. `origin` is the
 * site's address: avatar URLs are absolute (the profile form accepts only http(s) URLs).
 */
export async function seedDemoCommunity(env: Env, db: Db, origin: string, now = Date.now()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  // Everything that can fail outside the database comes first, so such a failure writes nothing.
  // Demo listings get coordinates the way members' listings do: from the gazetteer (static assets).
  const locationOf = (l: (typeof SEED_LISTINGS)[number]) =>
    l.location ?? SEED_MEMBERS.find((m) => m.username === l.owner)!.location;
  const places = new Map(
    await Promise.all(
      [...new Set(SEED_LISTINGS.map(locationOf))].map(
        async (text) => [text, await resolvePlace(env.ASSETS, text)] as const,
      ),
    ),
  );

  // Every demo listing has one to three photos and every member an avatar, stored in R2 as uploads.
  const manifest = await demoImageManifest(env.ASSETS);
  const photos = new Map(
    await Promise.all(
      SEED_LISTINGS.map(async (l) => {
        const names = manifest.listings[l.title];
        if (!names) throw new Error(`No demo photos for "${l.title}"; run node scripts/render-demo-images.mjs`);
        return [l.title, await Promise.all(names.map((name) => storeDemoImage(env, name, true)))] as const;
      }),
    ),
  );
  const avatars = new Map(
    await Promise.all(
      SEED_MEMBERS.map(async (m) => {
        const name = manifest.avatars[m.username];
        if (!name) throw new Error(`No demo avatar for ${m.username}; run node scripts/render-demo-images.mjs`);
        return [m.username, await storeDemoImage(env, name, false)] as const;
      }),
    ),
  );

  const hashes = await Promise.all(SEED_MEMBERS.map((m) => newAccountPassword(env, m.username, DEMO_PASSWORD)));
  const insertedUsers = await db.batch(
    atLeastOne(
      SEED_MEMBERS.map((m, i) =>
        db
          .insert(users)
          .values({
            username: m.username,
            displayName: m.displayName,
            email: m.email,
            password: hashes[i]!,
            location: m.location,
            bio: m.bio,
            avatarUrl: `${origin}${avatars.get(m.username)!.path}`,
            isAdmin: m.isAdmin ?? false,
            emailVerified: m.emailVerified ?? false,
            createdAt: iso(now - (90 - i * 7) * DAY),
          })
          .returning({ id: users.id, username: users.username }),
      ),
    ),
  );
  const userId = new Map<string, number>(
    insertedUsers.map((rows: { id: number; username: string }[]) => [rows[0]!.username, rows[0]!.id]),
  );
  const idOf = (username: string) => userId.get(username)!;

  const insertedListings = await db.batch(
    atLeastOne(
      SEED_LISTINGS.map((l, i) =>
        db
          .insert(listings)
          .values({
            userId: idOf(l.owner),
            title: l.title,
            description: l.description,
            categoriesOffered: l.categories,
            whatUserWants: l.wants,
            whatUserWantsOptions: l.wantOptions ?? [],
            acceptOffers: l.acceptOffers ?? false,
            location: locationOf(l),
            latitude: places.get(locationOf(l))?.latitude ?? null,
            longitude: places.get(locationOf(l))?.longitude ?? null,
            distance: l.distance,
            status: l.status ?? 'active',
            isFeatured: l.featured ?? false,
            imageUrls: photos.get(l.title)!.map((photo) => photo.path),
            createdAt: iso(now - (i * 9 + 2) * HOUR),
          })
          .returning({ id: listings.id, title: listings.title }),
      ),
    ),
  );
  const listingId = new Map<string, number>(
    insertedListings.map((rows: { id: number; title: string }[]) => [rows[0]!.title, rows[0]!.id]),
  );
  const listingOf = (title: string) => listingId.get(title)!;

  const categoryRows = SEED_LISTINGS.flatMap((l) =>
    l.categories.map((slug) => ({ listingId: listingOf(l.title), slug })),
  );
  const messageRows = SEED_CONVERSATIONS.flatMap((conversation, c) => {
    const listing = SEED_LISTINGS.find((l) => l.title === conversation.listing)!;
    const owner = idOf(listing.owner);
    const member = idOf(conversation.member);
    return conversation.lines.map((line, i) => ({
      listingId: listingOf(conversation.listing),
      senderId: line.from === 'owner' ? owner : member,
      receiverId: line.from === 'owner' ? member : owner,
      content: line.text,
      // The newest line of each conversation is left unread for its receiver.
      read: i < conversation.lines.length - 1,
      createdAt: iso(now - (c + 1) * DAY + i * 37 * MINUTE),
    }));
  });

  const barterListing = listingOf(SEED_BARTER.listing);
  const [barter] = await db
    .insert(barters)
    .values({
      listingId: barterListing,
      initiatorId: idOf(SEED_BARTER.initiator),
      recipientId: idOf(SEED_BARTER.recipient),
      status: 'completed',
      completedAt: iso(now - 12 * HOUR),
      // Both sides confirmed the handover (decision 060); the second confirmation completed it.
      initiatorConfirmedAt: iso(now - 14 * HOUR),
      recipientConfirmedAt: iso(now - 12 * HOUR),
      createdAt: iso(now - 20 * HOUR),
    })
    .returning({ id: barters.id });

  const ratingUpdates = SEED_BARTER.reviews.map((r) =>
    db
      .update(users)
      .set({
        rating: sql`(SELECT AVG(rating) FROM reviews WHERE user_id = ${idOf(r.reviewed)})`,
        reviewCount: sql`(SELECT COUNT(*) FROM reviews WHERE user_id = ${idOf(r.reviewed)})`,
        bartersCompleted: 1,
      })
      .where(eq(users.id, idOf(r.reviewed))),
  );

  // The bell starts with what these rows would have produced: the unread newest line of each
  // conversation for its receiver, and each review for the reviewed member (already read).
  const nameOf = (username: string) => SEED_MEMBERS.find((m) => m.username === username)!.displayName;
  const notificationRows = [
    ...SEED_CONVERSATIONS.map((conversation) => {
      const owner = SEED_LISTINGS.find((l) => l.title === conversation.listing)!.owner;
      const last = conversation.lines.at(-1)!;
      const [sender, receiver] = last.from === 'owner' ? [owner, conversation.member] : [conversation.member, owner];
      const listing = listingOf(conversation.listing);
      return notifyStatement(db, {
        userId: idOf(receiver),
        kind: 'message',
        subjectKey: subjectKeys.conversation(listing, idOf(sender)),
        text: `New message from ${nameOf(sender)} about "${conversation.listing}"`,
        link: conversationLink(listing, idOf(sender), idOf(receiver)),
      });
    }),
    ...SEED_BARTER.reviews.map((r) =>
      notifyStatement(db, {
        userId: idOf(r.reviewed),
        kind: 'review',
        subjectKey: subjectKeys.review(barter!.id),
        text: `${nameOf(r.reviewer)} left you a review: ${r.rating} stars`,
        link: `/profile/${r.reviewed}`,
      }),
    ),
  ];

  const eventRows = SEED_EVENTS.map((e) => ({
    title: e.title,
    description: e.description,
    date: iso(now + e.daysAhead * DAY).slice(0, 10),
    time: e.time,
    location: e.location,
    organizerId: idOf(e.organizer),
    maxAttendees: e.maxAttendees,
  }));

  // The images' uploads rows, attached (in use), so pruning keeps them and deleting an account or a
  // listing deletes them like any member's photos.
  const uploadRows = [
    ...SEED_LISTINGS.flatMap((l) => photos.get(l.title)!.map((photo) => ({ key: photo.key, userId: idOf(l.owner) }))),
    ...SEED_MEMBERS.map((m) => ({ key: avatars.get(m.username)!.key, userId: idOf(m.username) })),
  ].map((row) => ({ ...row, storedAt: iso(now), attachedAt: iso(now) }));

  await db.batch(
    atLeastOne([
      ...uploadRows.map((row) => db.insert(uploads).values(row)),
      ...categoryRows.map((row) => db.insert(listingCategories).values(row)),
      ...messageRows.map((row) => db.insert(messages).values({ id: nextId('messages'), ...row })),
      ...SEED_BARTER.reviews.map((r) =>
        db.insert(reviews).values({
          reviewerId: idOf(r.reviewer),
          userId: idOf(r.reviewed),
          listingId: barterListing,
          barterId: barter!.id,
          rating: r.rating,
          comment: r.comment,
        }),
      ),
      ...ratingUpdates,
      ...SEED_TESTIMONIALS.map((t) =>
        db.insert(testimonials).values({
          userId: idOf(t.author),
          title: t.title,
          content: t.content,
          rating: t.rating,
          isApproved: t.approved,
          barterId: t.aboutTheBarter ? barter!.id : null,
        }),
      ),
      ...eventRows.map((row) => db.insert(communityEvents).values(row)),
      ...notificationRows,
    ]),
  );
  // Reviews are old news in the demo: only the messages start unread.
  await db
    .update(notifications)
    .set({ readAt: iso(now) })
    .where(eq(notifications.kind, 'review'));

  // Wants, then the trade circle they close, proposed as the engine would (with its notices).
  await db.batch(
    atLeastOne(
      SEED_WANTS.map((w, i) =>
        db
          .insert(wants)
          .values({ userId: idOf(w.member), listingId: listingOf(w.listing), createdAt: iso(now - (6 - i) * HOUR) }),
      ),
    ),
  );
  const circle = await proposeCircle(
    env,
    SEED_CIRCLE.map((leg) => ({
      giverId: idOf(leg.giver),
      listingId: listingOf(leg.listing),
      receiverId: idOf(leg.receiver),
    })),
    new Date(now - 2 * HOUR),
  );
  if (circle === null) throw new Error('The demo trade circle could not be proposed: check SEED_WANTS and SEED_CIRCLE');

  // Open reports for the moderation queue, each with its target's snapshot as a member's report takes it.
  await seedReports(env, idOf, listingOf, now);

  // Each organiser attends their own event.
  const events = await db
    .select({ id: communityEvents.id, organizerId: communityEvents.organizerId })
    .from(communityEvents);
  await db.batch(
    atLeastOne(events.map((e) => db.insert(eventAttendees).values({ eventId: e.id, userId: e.organizerId! }))),
  );
  return true;
}

/** The demo's open reports (SEED_REPORTS), in one batch; the queue's counter row follows by trigger. */
async function seedReports(
  env: Env,
  idOf: (username: string) => number,
  listingOf: (title: string) => number,
  now: number,
) {
  const d1 = env.DB;
  const statements = SEED_REPORTS.map((r) => {
    const at = iso(now - r.hoursAgo * HOUR);
    const common = sql`${idOf(r.reporter)}, ${r.reason}, ${r.details}, ${at}`;
    if ('listing' in r) {
      const id = listingOf(r.listing);
      return sql`INSERT INTO reports (reporter_id, reason, details, created_at, target_type, target_id, target_user_id, snapshot)
                 SELECT ${common}, 'listing', id, user_id, ${snapshotSql('listing', sql`${id}`)} FROM listings WHERE id = ${id}`;
    }
    if ('member' in r) {
      const id = idOf(r.member);
      return sql`INSERT INTO reports (reporter_id, reason, details, created_at, target_type, target_id, target_user_id, snapshot)
                 SELECT ${common}, 'user', ${id}, ${id}, ${snapshotSql('user', sql`${id}`)}`;
    }
    const message = sql`(SELECT id FROM messages WHERE listing_id = ${listingOf(r.message.listing)} AND sender_id = ${idOf(r.message.from)} ORDER BY id LIMIT 1)`;
    return sql`INSERT INTO reports (reporter_id, reason, details, created_at, target_type, target_id, target_user_id, snapshot)
               SELECT ${common}, 'message', m.id, m.sender_id, ${snapshotSql('message', sql`m.id`)} FROM messages m WHERE m.id = ${message}`;
  });
  await d1.batch(statements.map((q) => prepareSql(d1, q)));
}
