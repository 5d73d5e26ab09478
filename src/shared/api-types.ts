// Shapes the API returns (worker/db/shapes.ts and the query modules), for the SPA's fetchers.
import type {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  MODERATION_ACTIONS,
  MODERATION_GUARDS,
  NOTIFICATION_KINDS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from './constants';

// Declared in the contract (src/shared/contract); this file is retired resource by resource.
export type { Category } from './contract/categories';
export type { Listing, ListingFields, ListingStatus } from './contract/listings';
export type { PublicUser, SelfUser, UserSummary } from './contract/users';
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
