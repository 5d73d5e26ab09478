// Shapes the API returns (worker/db/shapes.ts and the query modules), for the SPA's fetchers.

// Declared in the contract (src/shared/contract); this file is retired resource by resource.
export type { Category } from './contract/categories';
export type { Listing, ListingFields, ListingStatus } from './contract/listings';
export type { PublicUser, SelfUser, UserSummary } from './contract/users';
export type { Count } from './contract/common';

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
