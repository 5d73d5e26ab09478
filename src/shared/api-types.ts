// Shapes the API returns (worker/db/shapes.ts and the query modules), for the SPA's fetchers.
import type { NOTIFICATION_KINDS } from './constants';

// Declared in the contract (src/shared/contract); this file is retired resource by resource.
export type { Category } from './contract/categories';
export type { Listing, ListingFields, ListingStatus } from './contract/listings';
export type { PublicUser, SelfUser, UserSummary } from './contract/users';
export type { Count } from './contract/common';
import type { Listing } from './contract/listings';
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

/** A town or city of the offline gazetteer (GET /api/places). */
export interface Place {
  id: number;
  name: string;
  region: string | null;
  country: string;
  latitude: number;
  longitude: number;
  /** "Oakland, CA, US" */
  label: string;
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
