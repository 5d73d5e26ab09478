// The lines the product writes into a conversation for a step of an offer or a barter
// (docs/api/offers.md, decision 070). Stored in English, as `content`; a line goes live to both
// members' open sockets at once, who may read different languages, so the conversation screen
// shows it in its reader's language: the stored line is matched against these templates (its
// sender's name known to the screen), and the template's message (`messages_event_<key>`) is shown
// with the inputs found. A line no template matches (an older wording, a name changed since) shows
// as stored. The Worker writes the lines it builds in TypeScript with `eventLine`; the ones it
// builds in SQL (an offer closed or expired, a suspension's) say the same words, and a test checks
// each template's English is its message's.

export const EVENT_LINES = {
  offer_made: '{name} offered {terms}',
  offer_countered: '{name} countered with {terms}',
  offer_revised: '{name} changed the offer to {terms}',
  offer_accepted: '{name} accepted the offer',
  offer_declined: '{name} declined the offer',
  offer_withdrawn: '{name} withdrew the offer',
  offer_closed:
    '{name} agreed a barter for this listing with another member, so this offer was closed. Thank you for offering!',
  offer_expired: 'This offer expired without an answer. You can make a new one.',
  offer_member_unavailable: '{name}’s account is unavailable, so this offer was closed',
  barter_confirmed: '{name} confirmed the handover',
  barter_completed: '{name} confirmed the swap. Barter completed!',
  barter_cancelled_reason: '{name} cancelled the barter: “{reason}”',
  barter_cancelled: '{name} cancelled the barter',
  barter_member_unavailable: '{name}’s account is unavailable, so this barter was cancelled',
  barter_circle_called_off: 'This barter was cancelled: its trade circle was called off',
  review_left: '{name} left a review',
} as const;

export type EventLineKey = keyof typeof EVENT_LINES;

/** A line's English with its inputs filled in: what the Worker stores. */
export const eventLine = (key: EventLineKey, inputs: Record<string, string> = {}): string =>
  EVENT_LINES[key].replace(/\{([a-z]+)\}/g, (_, name: string) => inputs[name] ?? '');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The template a stored line is, with its inputs, read with its sender's name (`name` is the
 * sender's in every line); null when none matches.
 */
export function eventLineOf(
  content: string,
  senderName: string,
): { key: EventLineKey; inputs: Record<string, string> } | null {
  for (const key of Object.keys(EVENT_LINES) as EventLineKey[]) {
    const names: string[] = [];
    const source = EVENT_LINES[key]
      .split(/\{([a-z]+)\}/)
      .map((part, i) => {
        if (i % 2 === 0) return escape(part);
        if (part === 'name') return escape(senderName);
        names.push(part);
        return '(.+)';
      })
      .join('');
    const found = new RegExp(`^${source}$`, 's').exec(content);
    if (found)
      return { key, inputs: { name: senderName, ...Object.fromEntries(names.map((n, i) => [n, found[i + 1]!])) } };
  }
  return null;
}
