// Shapes the API returns (worker/db/shapes.ts and the query modules), for the SPA's fetchers.
import type { BARTER_STATUSES, NOTIFICATION_KINDS, OFFER_STATUSES } from './constants';

export type BarterStatus = (typeof BARTER_STATUSES)[number];

// Declared in the contract (src/shared/contract); this file is retired resource by resource.
export type { Category } from './contract/categories';
export type { Listing, ListingFields, ListingStatus } from './contract/listings';
export type { PublicUser, SelfUser, UserSummary } from './contract/users';
export type { Count } from './contract/common';
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
export type { EmailStatus } from './contract/admin';
export type { Block } from './contract/blocks';
export type {
  AdminReport,
  AuditAction,
  AuditEntry,
  AuditTargetType,
  ModeratedMember,
  ModerationAction,
  ModerationGuard,
  MyReport,
  ReportReason,
  ReportTargetType,
  TargetSnapshot,
} from './contract/moderation';

/**
 * POST /api/messages when the link-burst guard holds the message for review (202): nothing is
 * stored in the conversation; `message` says what happens next ("Your message will be delivered
 * after a moderator reviews it").
 */
export interface HeldMessageReply {
  held: true;
  message: string;
}
