// Request bodies of reports, blocks and moderation (docs/api/moderation.md): one schema for the
// form and the route.
import * as v from 'valibot';
import {
  MAX_BLOCKS,
  MAX_REPORT_DETAILS,
  MAX_SUSPENSION_DAYS,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '../constants';
import { idField } from './fields';

export const REPORT_TARGET_MESSAGE = 'Please choose what you are reporting';
export const REPORT_REASON_MESSAGE = 'Please choose a reason';
export const REPORT_DETAILS_MESSAGE = `Details must be at most ${MAX_REPORT_DETAILS} characters`;
export const MODERATION_NOTE_MESSAGE = 'Please add a note saying why';
export const MODERATION_ACTION_MESSAGE = 'Action must be one of dismiss, warn, hide, suspend or ban';
export const SUSPENSION_DAYS_MESSAGE = `Days must be a whole number from 1 to ${MAX_SUSPENSION_DAYS}`;
export const MAX_MODERATION_NOTE = 1000;
// Blocks (docs/api/blocks.md): what the routes answer; the SPA shows them as they are.
export const BLOCK_SELF_MESSAGE = 'You cannot block yourself';
export const TOO_MANY_BLOCKS_MESSAGE = `You can block at most ${MAX_BLOCKS} members. Unblock someone to block another.`;
/** Every write across a block (a message, an offer step, a barter, the live chat) answers 403 with this. */
export const BLOCKED_MEMBER_MESSAGE = 'You cannot message this member';

export const reportCreateSchema = v.object({
  targetType: v.picklist(REPORT_TARGET_TYPES, REPORT_TARGET_MESSAGE),
  targetId: idField(REPORT_TARGET_MESSAGE),
  reason: v.picklist(REPORT_REASONS, REPORT_REASON_MESSAGE),
  details: v.optional(
    v.pipe(v.string(REPORT_DETAILS_MESSAGE), v.trim(), v.maxLength(MAX_REPORT_DETAILS, REPORT_DETAILS_MESSAGE)),
    '',
  ),
});
export type ReportCreateInput = v.InferInput<typeof reportCreateSchema>;

const note = v.pipe(
  v.string(MODERATION_NOTE_MESSAGE),
  v.trim(),
  v.minLength(1, MODERATION_NOTE_MESSAGE),
  v.maxLength(MAX_MODERATION_NOTE, `Note must be at most ${MAX_MODERATION_NOTE} characters`),
);

export const reportResolveSchema = v.pipe(
  v.object({
    action: v.picklist(MODERATION_ACTIONS, MODERATION_ACTION_MESSAGE),
    days: v.optional(
      v.nullable(
        v.pipe(
          v.number(SUSPENSION_DAYS_MESSAGE),
          v.integer(SUSPENSION_DAYS_MESSAGE),
          v.minValue(1, SUSPENSION_DAYS_MESSAGE),
          v.maxValue(MAX_SUSPENSION_DAYS, SUSPENSION_DAYS_MESSAGE),
        ),
      ),
    ),
    note,
  }),
  v.forward(
    v.check((input) => input.action !== 'suspend' || typeof input.days === 'number', SUSPENSION_DAYS_MESSAGE),
    ['days'],
  ),
);
export type ReportResolveInput = v.InferInput<typeof reportResolveSchema>;

export const reinstateSchema = v.object({ note });
export type ReinstateInput = v.InferInput<typeof reinstateSchema>;
