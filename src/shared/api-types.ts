// Shapes the API returns (worker/db/shapes.ts and the query modules), for the SPA's fetchers.
import type {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  BARTER_STATUSES,
  MODERATION_ACTIONS,
  MODERATION_GUARDS,
  NOTIFICATION_KINDS,
  OFFER_STATUSES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from './constants';

export type BarterStatus = (typeof BARTER_STATUSES)[number];

// Declared in the contract (src/shared/contract); this file is retired resource by resource.
export type { Category } from './contract/categories';
export type { Listing, ListingFields, ListingStatus } from './contract/listings';
export type { PublicUser, SelfUser, UserSummary } from './contract/users';
import type { Listing, ListingStatus } from './contract/listings';
import type { UserSummary } from './contract/users';

/** GET /api/wants: a wanted listing, with when the member said "I'd take this". */
export interface WantedListing extends Listing {
  wantedAt: string;
}

/** PUT /api/wants/{listingId} */
export interface Want {
  listingId: number;
  createdAt: string;
}

export type WantKind = 'explicit' | 'text';

/** GET /api/matches: they want my listing and I want theirs. */
export interface Match {
  theirListing: Listing;
  myListing: Listing;
  member: UserSummary;
  iWant: WantKind;
  theyWant: WantKind;
  /** Miles between the two listings' places, null when either is unknown. */
  distance: number | null;
}

export interface Message {
  id: number;
  senderId: number;
  receiverId: number;
  listingId: number;
  content: string;
  read: boolean;
  createdAt: string;
  /** Only on lines the product adds for a step of an offer or barter; a member's text has neither. */
  kind?: 'event';
  event?: MessageEvent;
}

/** The steps an event line of a conversation records (docs/api/offers.md). */
export const MESSAGE_EVENT_TYPES = [
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_withdrawn',
  'barter_completed',
  'barter_cancelled',
  'review_left',
] as const;
export type MessageEventType = (typeof MESSAGE_EVENT_TYPES)[number];

export interface MessageEvent {
  type: MessageEventType;
  offerId?: number;
  barterId?: number;
}

export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer as the API returns it (docs/api/offers.md). */
export interface Offer {
  id: number;
  listingId: number;
  /** The conversation's address: `${listingId}-${lowerUserId}-${higherUserId}`. */
  conversation: string;
  fromUserId: number;
  toUserId: number;
  status: OfferStatus;
  /** Free text of the offer (or, where the listing takes only what it asks for, the want it meets). */
  text: string | null;
  /** The listings the member gives, as they are now. */
  givenListings: { id: number; title: string; status: ListingStatus; imageUrl: string | null }[];
  replacesOfferId: number | null;
  barterId: number | null;
  respondedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/conversations/{conversation}: who and what a conversation is, from the caller's side. */
export interface ConversationInfo {
  conversation: string;
  listing: {
    id: number;
    title: string;
    userId: number;
    status: ListingStatus;
    acceptOffers: boolean;
    whatUserWants: string;
    whatUserWantsOptions: string[];
  };
  partner: UserSummary;
  offers: Offer[];
  /** The pair's barters on the listing, newest first (cancelled ones too). */
  barters: Barter[];
  /** Which of those barters the caller has reviewed. */
  reviewedBarterIds: number[];
  /** The caller has blocked the partner. */
  blockedByMe: boolean;
}

export interface ConversationSummary {
  /** The conversation's address (/messages/{conversation}). */
  conversation: string;
  partner: UserSummary;
  listing: { id: number; title: string };
  lastMessage: string;
  lastMessageTime: string;
  /**
   * The last message's id: with lastMessageTime, the position `before` pages from. Only in paged
   * replies (a `limit` or `before` given), so the unpaged reply keeps its original shape.
   */
  lastMessageId?: number;
  unreadCount: number;
}

export interface Barter {
  id: number;
  listingId: number;
  initiatorId: number;
  recipientId: number;
  status: BarterStatus;
  completedAt: string | null;
  createdAt: string;
}

export interface Review {
  id: number;
  reviewerId: number;
  userId: number;
  listingId: number;
  barterId: number | null;
  rating: number;
  comment: string | null;
  createdAt: string;
  reviewerName: string;
  listingTitle: string;
}

export interface StoredSearch {
  id: number;
  userId: number;
  query: string | null;
  category: string | null;
  notificationsEnabled: boolean;
  createdAt: string;
}

export interface Testimonial {
  id: number;
  title: string;
  content: string;
  rating: number;
  createdAt: string;
  user: UserSummary;
}

export interface CommunityEvent {
  id: number;
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  maxAttendees: number | null;
  attendeeCount: number;
  organizer: { id: number; displayName: string } | null;
}

export interface Activity {
  users: number;
  listings: number;
  barters: number;
  testimonials: number;
  events: number;
}

export interface Dashboard {
  totalUsers: number;
  totalSkills: number;
  completedBarters: number;
  totalSavings: number;
}

export interface Count {
  count: number;
}

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One entry of the header's notifications panel (GET /api/notifications). */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  text: string;
  /** Where the entry leads in the app, a path such as /messages?… or /browse?… */
  link: string;
  /** Events folded into this entry since it was last read (e.g. 3 new messages). */
  count: number;
  read: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NotificationsResponse {
  unreadCount: number;
  notifications: AppNotification[];
}

/** GET /api/admin/email-status (worker/routes/admin-email.ts). */
export interface EmailStatus {
  provider: 'resend' | 'cloudflare' | 'none';
  configured: boolean;
  /** Completes "Email is not being delivered: …"; null when a provider is fully configured. */
  problem: string | null;
  development: boolean;
  pendingCount: number;
  sentToday: number;
  /** Sends allowed per UTC day; null without a provider. */
  dailyLimit: number | null;
  /** What the provider last said about a pending email, if it refused or failed it. */
  lastError: string | null;
}

// ---- Reports, blocks and moderation (docs/api/moderation.md) ----

export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export type ModerationGuard = (typeof MODERATION_GUARDS)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What a report's target showed: a listing's title and description, a message's text, a member's profile. */
export interface TargetSnapshot {
  /** A listing's title, a member's display name, "Message"/"Offer"/"Circle chat line". */
  label: string;
  /** The text that was reported: description, message content, the offer's terms, the bio. */
  text: string;
  imageUrl: string | null;
  /** Where an admin opens the target in the app (null when it no longer exists). */
  link: string | null;
}

/** A report as its reporter sees it (POST /api/reports, GET /api/reports). */
export interface MyReport {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  details: string;
  status: 'open' | 'resolved';
  /** How it was resolved; null while open. The reporter learns what happened, not the note. */
  resolution: ModerationAction | null;
  /** The target's label when reported (a listing title, a member's name). */
  targetLabel: string;
  createdAt: string;
  resolvedAt: string | null;
}

/** One block of the caller's (GET /api/blocks, PUT /api/blocks/{userId}). */
export interface Block {
  user: UserSummary;
  createdAt: string;
}

/** A member acted on, as the moderation queue shows them. */
export interface ModeratedMember extends UserSummary {
  /** ISO time the suspension ends, PERMANENT_SUSPENSION for a permanent one, null in good standing. */
  suspendedUntil: string | null;
  createdAt: string;
}

/** A report in the moderation queue (GET /api/admin/reports). */
export interface AdminReport {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  details: string;
  /** Set when an automatic guard filed it (no reporter then). */
  guard: ModerationGuard | null;
  status: 'open' | 'resolved';
  resolution: ModerationAction | null;
  createdAt: string;
  resolvedAt: string | null;
  reporter: UserSummary | null;
  /** The member responsible for the target; null when the account is gone. */
  targetUser: ModeratedMember | null;
  /** What was reported, as it was then. */
  snapshot: TargetSnapshot;
  /** The target as it is now; null when it was deleted. */
  current: TargetSnapshot | null;
  /** Open reports on the same target (this one included). */
  openCount: number;
  /** Whether a listing or message target is hidden now. */
  hidden: boolean;
}

/** One admin action (GET /api/admin/audit, and a member's history in the queue). */
export interface AuditEntry {
  id: number;
  actor: { id: number | null; name: string };
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  targetLabel: string;
  targetUserId: number | null;
  reportId: number | null;
  days: number | null;
  note: string;
  createdAt: string;
}

/**
 * POST /api/messages when the link-burst guard holds the message for review (202): nothing is
 * stored in the conversation; `message` says what happens next ("Your message will be delivered
 * after a moderator reviews it").
 */
export interface HeldMessageReply {
  held: true;
  message: string;
}
