// Every Web Push's words, in one place (docs/api/web-push.md, "Events"): what each notification
// shows (title, a short body), the app page it opens (url, relative) and its tag (a second push
// with the same tag replaces the first on the device: one notification per conversation, per
// offer's conversation, per circle…). English for now; each text is a function of its values, so
// a translation picks the member's language here and nothing else changes.
// A body holds only what its member may read in the app anyway, and at most BODY_MAX characters.
import { conversationPath } from '@/shared/conversation-key';
import type { PushMessage } from '@worker/lib/web-push/send';

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

/** A listing's title inside a body: quoted and kept short, so the sentence around it shows. */
const title = (text: string) => `“${clip(text, 40)}”`;

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

const OFFER_TITLES: Record<OfferStep, string> = {
  made: 'New offer',
  countered: 'Counter-offer',
  revised: 'Offer changed',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
  expired: 'Offer expired',
  closed: 'Offer closed',
};

export type CircleChange =
  | { type: 'proposed'; members: number }
  | { type: 'accepted'; name: string; accepted: number; members: number }
  | { type: 'declined'; name: string }
  | { type: 'agreed' }
  | { type: 'ended' };

export const pushTexts = {
  /** A new message in a conversation, for the member it was sent to. */
  message: (c: ConversationRef, senderName: string, content: string): PushMessage => ({
    title: `New message from ${senderName}`,
    body: clip(content),
    url: conversationUrl(c),
    tag: `conversation-${c.listingId}-${c.other}`,
  }),

  /** A new line in a trade circle's group chat, for its other members. */
  circleMessage: (circleId: number, senderName: string, content: string): PushMessage => ({
    title: `${senderName} in your trade circle`,
    body: clip(content),
    url: `/trade-circles/${circleId}`,
    tag: `circle-chat-${circleId}`,
  }),

  /** An offer step, for the member who did not take it (`actorName` null: the offer expired on its own). */
  offer: (c: ConversationRef, step: OfferStep, actorName: string | null, listingTitle: string): PushMessage => {
    const on = title(listingTitle);
    const bodies: Record<OfferStep, string> = {
      made: `${actorName} made an offer on ${on}`,
      countered: `${actorName} countered your offer on ${on}`,
      revised: `${actorName} changed their offer on ${on}`,
      accepted: `${actorName} accepted your offer on ${on}: confirm the handover once you have swapped`,
      declined: `${actorName} declined your offer on ${on}`,
      withdrawn: `${actorName} withdrew their offer on ${on}`,
      expired: `Your offer on ${on} expired without an answer`,
      closed: `Your offer on ${on} was closed: it went to another member`,
    };
    return {
      title: OFFER_TITLES[step],
      body: clip(bodies[step]),
      url: conversationUrl(c),
      tag: `offer-${c.listingId}-${c.other}`,
    };
  },

  /** A new two-way match, for the member who did not make it (their partner changed a listing or a want). */
  match: (partnerName: string, mine: { id: number; title: string }, theirs: { id: number; title: string }) => ({
    title: 'New two-way match',
    body: clip(`${partnerName} would take your ${title(mine.title)} and offers ${title(theirs.title)}`),
    url: '/matches',
    tag: `match-${mine.id}-${theirs.id}`,
  }),

  /** A trade circle proposed to the member, or a change in one they are in. */
  circle: (circleId: number, change: CircleChange): PushMessage => {
    const [heading, body] = ((): [string, string] => {
      switch (change.type) {
        case 'proposed':
          return ['New trade circle', `A swap between ${change.members} members includes you: accept or decline it`];
        case 'accepted':
          return [
            'Trade circle accepted',
            `${change.name} accepted the trade circle (${change.accepted} of ${change.members} accepted)`,
          ];
        case 'declined':
          return ['Trade circle called off', `${change.name} declined the trade circle, so it is called off`];
        case 'agreed':
          return ['Trade circle agreed', 'Everyone accepted: confirm each swap once it has happened'];
        case 'ended':
          return ['Trade circle called off', 'A trade circle you were in was called off: open it to see why'];
      }
    })();
    return { title: heading, body: clip(body), url: `/trade-circles/${circleId}`, tag: `circle-${circleId}` };
  },

  /** A barter waiting for the member's confirmation: recorded by the other member, or confirmed by them first. */
  barterToConfirm: (
    c: ConversationRef,
    barterId: number,
    step: 'recorded' | 'confirmed',
    actorName: string,
    listingTitle: string,
  ): PushMessage => ({
    title: 'Confirm your barter',
    body: clip(
      step === 'recorded'
        ? `${actorName} recorded a barter for ${title(listingTitle)}: confirm it once you have swapped`
        : `${actorName} confirmed the handover of ${title(listingTitle)}: confirm it too`,
    ),
    url: conversationUrl(c),
    tag: `barter-${barterId}`,
  }),

  /** A moderator's warning, for the member warned (what they were warned about; the reason is in the email and bell). */
  moderationWarning: (reportId: number, what: string): PushMessage => ({
    title: 'A warning from the moderators',
    body: clip(`A moderator warned you about ${what}: please read the community standards`),
    url: '/community-standards',
    tag: `moderation-${reportId}`,
  }),
};
