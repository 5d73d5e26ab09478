// An event line of a conversation in the reader's language (decision 070): the stored English
// matched to its template (src/shared/event-lines.ts) with its sender's name, and shown with the
// template's message; the stored line as it is when none matches.
import * as m from '@/lib/messages';
import { eventLineOf, type EventLineKey } from '@/shared/event-lines';

type Inputs = Record<string, string>;

const WORDS: Record<EventLineKey, (inputs: Inputs) => string> = {
  offer_made: (i) => m.messages_event_offer_made({ name: i.name!, terms: i.terms! }),
  offer_countered: (i) => m.messages_event_offer_countered({ name: i.name!, terms: i.terms! }),
  offer_revised: (i) => m.messages_event_offer_revised({ name: i.name!, terms: i.terms! }),
  offer_accepted: (i) => m.messages_event_offer_accepted({ name: i.name! }),
  offer_declined: (i) => m.messages_event_offer_declined({ name: i.name! }),
  offer_withdrawn: (i) => m.messages_event_offer_withdrawn({ name: i.name! }),
  offer_closed: (i) => m.messages_event_offer_closed({ name: i.name! }),
  offer_expired: () => m.messages_event_offer_expired(),
  offer_member_unavailable: (i) => m.messages_event_offer_member_unavailable({ name: i.name! }),
  barter_confirmed: (i) => m.messages_event_barter_confirmed({ name: i.name! }),
  barter_completed: (i) => m.messages_event_barter_completed({ name: i.name! }),
  barter_cancelled_reason: (i) => m.messages_event_barter_cancelled_reason({ name: i.name!, reason: i.reason! }),
  barter_cancelled: (i) => m.messages_event_barter_cancelled({ name: i.name! }),
  barter_member_unavailable: (i) => m.messages_event_barter_member_unavailable({ name: i.name! }),
  barter_circle_called_off: () => m.messages_event_barter_circle_called_off(),
  review_left: (i) => m.messages_event_review_left({ name: i.name! }),
};

/** The line in the reader's words; `senderName` is its sender's display name (every line's `{name}`). */
export function eventText(content: string, senderName: string | undefined): string {
  const found = senderName === undefined ? null : eventLineOf(content, senderName);
  return found ? WORDS[found.key](found.inputs) : content;
}
