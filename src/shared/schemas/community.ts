import * as v from 'valibot';
import { DIGEST_FREQUENCIES } from '../constants';
import { emailField, idField, optionalId, text } from './fields';

export const contactSchema = v.object({
  name: text(2, 100, 'Name must be at least 2 characters', 'Name must be at most 100 characters'),
  email: emailField,
  subject: text(5, 200, 'Subject must be at least 5 characters', 'Subject must be at most 200 characters'),
  message: text(10, 1000, 'Message must be at least 10 characters', 'Message must be at most 1000 characters'),
});
export type ContactInput = v.InferInput<typeof contactSchema>;

export const storedSearchCreateSchema = v.pipe(
  v.object({
    userId: optionalId('Invalid user id'),
    query: v.optional(
      v.pipe(
        v.nullable(v.string('Query must be text')),
        v.transform((q) => (q == null || q.trim() === '' ? null : q.trim())),
        v.check((q) => q == null || q.length <= 200, 'Query must be at most 200 characters'),
      ),
      null,
    ),
    // The form allows "all"; it is stored as null (any category).
    category: v.optional(
      v.pipe(
        v.nullable(v.string('Category must be text')),
        v.transform((c) => (c == null || c.trim() === '' || c.trim() === 'all' ? null : c.trim())),
      ),
      null,
    ),
    notificationsEnabled: v.optional(v.boolean('Notifications must be true or false'), true),
  }),
  // Reported under `query`, the field the form shows it beside.
  v.forward(
    v.partialCheck(
      [['query'], ['category']],
      (s) => s.query != null || s.category != null,
      'Please provide at least a query or category',
    ),
    ['query'],
  ),
);

/** Either or both of a saved search's settings: its alerts on or off, how often it is emailed. */
export const storedSearchUpdateSchema = v.pipe(
  v.object({
    notificationsEnabled: v.optional(v.boolean('Notifications must be true or false')),
    frequency: v.optional(v.picklist(DIGEST_FREQUENCIES, 'Frequency must be immediate, daily or weekly')),
  }),
  v.check(
    (s) => s.notificationsEnabled !== undefined || s.frequency !== undefined,
    'Please provide notificationsEnabled or frequency',
  ),
);
export type StoredSearchUpdate = v.InferOutput<typeof storedSearchUpdateSchema>;

export const reviewSchema = v.object({
  reviewerId: optionalId('Invalid reviewer id'),
  userId: idField('Please choose who you are reviewing'),
  listingId: optionalId('Invalid listing id'),
  barterId: v.nullish(idField('Barter information not found. You cannot leave a review.')),
  rating: v.pipe(
    v.number('Rating must be between 1 and 5'),
    v.integer('Rating must be between 1 and 5'),
    v.minValue(1, 'Rating must be between 1 and 5'),
    v.maxValue(5, 'Rating must be between 1 and 5'),
  ),
  comment: text(10, 1000, 'Comment must be at least 10 characters.', 'Comment must be at most 1000 characters.'),
});
export type ReviewInput = v.InferInput<typeof reviewSchema>;

export const newsletterSubscribeSchema = v.object({ email: emailField });

/** The longest token either newsletter link carries: an address of 254 characters fits with room. */
export const NEWSLETTER_TOKEN_MAX = 600;

export const NEWSLETTER_UNSUBSCRIBE_FAILED = 'This unsubscribe link is invalid.';

export const newsletterUnsubscribeSchema = v.object({
  token: v.pipe(
    v.string(NEWSLETTER_UNSUBSCRIBE_FAILED),
    v.nonEmpty(NEWSLETTER_UNSUBSCRIBE_FAILED),
    v.maxLength(NEWSLETTER_TOKEN_MAX, NEWSLETTER_UNSUBSCRIBE_FAILED),
  ),
});
