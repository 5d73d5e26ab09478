// Every Web Push's words, in one place (docs/api/web-push.md, "Events"): what each notification
// shows (title, a short body), the app page it opens (url, relative) and its tag (a second push
// with the same tag replaces the first on the device: one notification per conversation, per
// offer's conversation, per circle…). Each text is a PushText: given the recipient's words (their
// stored language, read with their subscriptions: worker/services/web-push.ts), the push.
// A body holds only what its member may read in the app anyway, and at most BODY_MAX characters.
import { conversationPath } from '@/shared/conversation-key';
import type { Catalogue } from '@worker/lib/locale';
import type { PushMessage } from '@worker/lib/web-push/send';

/** A push in the words of its recipient's language. */
export type PushText = (t: Catalogue) => PushMessage;

/** Characters of a body at most (a message's first ~100): lock screens show two lines or so. */
export const BODY_MAX = 100;

/** `text` cut to `max` characters (whole code points: an emoji is never split), with an ellipsis. */
export function clip(text: string, max = BODY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = Array.from(flat);
  return points.length <= max
    ? flat
    : `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A listing's title inside a body: kept short, so the sentence around it shows (each language quotes it). */
const title = (text: string) => clip(text, 40);

/** A conversation: its listing, the member pushed and the other member. */
export interface ConversationRef {
  listingId: number;
  /** The member the push is for. */
  to: number;
  /** The other member of the conversation. */
  other: number;
}

const conversationUrl = (c: ConversationRef) => conversationPath(c.listingId, c.to, c.other);

export type OfferStep = 'made' | 'countered' | 'revised' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'closed';

/** Each offer step's title and body, as the catalogue's keys (`push_offer_{step}_title`, `…_body`). */
const offerWords = (t: Catalogue, step: OfferStep): [() => string, (i: { name: string; title: string }) => string] =>
  ({
    made: [t.push_offer_made_title, t.push_offer_made_body],
    countered: [t.push_offer_countered_title, t.push_offer_countered_body],
    revised: [t.push_offer_revised_title, t.push_offer_revised_body],
    accepted: [t.push_offer_accepted_title, t.push_offer_accepted_body],
    declined: [t.push_offer_declined_title, t.push_offer_declined_body],
    withdrawn: [t.push_offer_withdrawn_title, t.push_offer_withdrawn_body],
    expired: [t.push_offer_expired_title, t.push_offer_expired_body],
    closed: [t.push_offer_closed_title, t.push_offer_closed_body],
  })[step] as [() => string, (i: { name: string; title: string }) => string];

export type CircleChange =
  | { type: 'proposed'; members: number }
  | { type: 'accepted'; name: string; accepted: number; members: number }
  | { type: 'declined'; name: string }
  | { type: 'agreed' }
  | { type: 'ended' };

export const pushTexts = {
  /** A new message in a conversation, for the member it was sent to. */
  message:
    (c: ConversationRef, senderName: string, content: string): PushText =>
    (t) => ({
      title: t.push_message_title({ name: senderName }),
      body: clip(content),
      url: conversationUrl(c),
      tag: `conversation-${c.listingId}-${c.other}`,
    }),

  /** A new line in a trade circle's group chat, for its other members. */
  circleMessage:
    (circleId: number, senderName: string, content: string): PushText =>
    (t) => ({
      title: t.push_circle_message_title({ name: senderName }),
      body: clip(content),
      url: `/trade-circles/${circleId}`,
      tag: `circle-chat-${circleId}`,
    }),

  /** An offer step, for the member who did not take it (`actorName` null: the offer expired on its own). */
  offer:
    (c: ConversationRef, step: OfferStep, actorName: string | null, listingTitle: string): PushText =>
    (t) => {
      const [heading, body] = offerWords(t, step);
      return {
        title: heading(),
        body: clip(body({ name: actorName ?? '', title: title(listingTitle) })),
        url: conversationUrl(c),
        tag: `offer-${c.listingId}-${c.other}`,
      };
    },

  /** A new two-way match, for the member who did not make it (their partner changed a listing or a want). */
  match:
    (partnerName: string, mine: { id: number; title: string }, theirs: { id: number; title: string }): PushText =>
    (t) => ({
      title: t.push_match_title(),
      body: clip(t.push_match_body({ name: partnerName, mine: title(mine.title), theirs: title(theirs.title) })),
      url: '/matches',
      tag: `match-${mine.id}-${theirs.id}`,
    }),

  /** A trade circle proposed to the member, or a change in one they are in. */
  circle:
    (circleId: number, change: CircleChange): PushText =>
    (t) => {
      const [heading, body] = ((): [string, string] => {
        switch (change.type) {
          case 'proposed':
            return [t.push_circle_proposed_title(), t.push_circle_proposed_body({ count: String(change.members) })];
          case 'accepted':
            return [
              t.push_circle_accepted_title(),
              t.push_circle_accepted_body({
                name: change.name,
                accepted: String(change.accepted),
                count: String(change.members),
              }),
            ];
          case 'declined':
            return [t.push_circle_called_off_title(), t.push_circle_declined_body({ name: change.name })];
          case 'agreed':
            return [t.push_circle_agreed_title(), t.push_circle_agreed_body()];
          case 'ended':
            return [t.push_circle_called_off_title(), t.push_circle_ended_body()];
        }
      })();
      return { title: heading, body: clip(body), url: `/trade-circles/${circleId}`, tag: `circle-${circleId}` };
    },

  /** A barter waiting for the member's confirmation: recorded by the other member, or confirmed by them first. */
  barterToConfirm:
    (
      c: ConversationRef,
      barterId: number,
      step: 'recorded' | 'confirmed',
      actorName: string,
      listingTitle: string,
    ): PushText =>
    (t) => {
      const inputs = { name: actorName, title: title(listingTitle) };
      return {
        title: t.push_barter_confirm_title(),
        body: clip(step === 'recorded' ? t.push_barter_recorded_body(inputs) : t.push_barter_confirmed_body(inputs)),
        url: conversationUrl(c),
        tag: `barter-${barterId}`,
      };
    },

  /**
   * A moderator's warning, for the member warned (what they were warned about, in the member's
   * words: the caller writes `what` with the same catalogue; the reason is in the email and bell).
   */
  moderationWarning:
    (reportId: number, what: (t: Catalogue) => string): PushText =>
    (t) => ({
      title: t.push_moderation_title(),
      body: clip(t.push_moderation_body({ what: what(t) })),
      url: '/community-standards',
      tag: `moderation-${reportId}`,
    }),
};
