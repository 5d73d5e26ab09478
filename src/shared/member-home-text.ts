// The member's part of the home page (decision 065): its counts in words, shared by the SPA
// (features/home) and the first screen the Worker writes (worker/lib/first-screen/screens.ts), so
// the section says the same before and after the scripts run. Each takes the member's words (the
// SPA's messages or the Worker's catalogue, decision 068) and formats.
import type * as English from './i18n/en.js';
import type { Formatter } from './intl';

export type MemberHomeWords = Pick<
  typeof English,
  | 'home_member_unread_count_one'
  | 'home_member_unread_count_other'
  | 'home_member_no_offers_to_answer'
  | 'home_member_to_answer_one'
  | 'home_member_to_answer_other'
  | 'home_member_none_waiting'
  | 'home_member_waiting_one'
  | 'home_member_waiting_other'
  | 'home_member_no_circles'
  | 'home_member_to_decide_one'
  | 'home_member_to_decide_other'
  | 'home_member_agreed_one'
  | 'home_member_agreed_other'
  | 'home_member_open_offers_one'
  | 'home_member_open_offers_other'
  | 'home_member_wants_one'
  | 'home_member_wants_other'
>;

type Counted = (inputs: { count: string | number }) => string;

/** "1 open offer", "2 open offers": a count in the member's numbers, with the form its language takes. */
export const countOf = (n: number, one: Counted, other: Counted, f: Formatter) =>
  (f.one(n) ? one : other)({ count: f.number(n) });

/** The section's sentences made of counts, the same on both sides. */
export function memberHomeCounts(t: MemberHomeWords, f: Formatter) {
  return {
    unread: (n: number) => countOf(n, t.home_member_unread_count_one, t.home_member_unread_count_other, f),
    toAnswer: (n: number) =>
      n === 0
        ? t.home_member_no_offers_to_answer()
        : countOf(n, t.home_member_to_answer_one, t.home_member_to_answer_other, f),
    waiting: (n: number) =>
      n === 0 ? t.home_member_none_waiting() : countOf(n, t.home_member_waiting_one, t.home_member_waiting_other, f),
    circles: (deciding: number, agreed: number) =>
      (deciding === 0
        ? t.home_member_no_circles()
        : countOf(deciding, t.home_member_to_decide_one, t.home_member_to_decide_other, f)) +
      (agreed > 0 ? ` · ${countOf(agreed, t.home_member_agreed_one, t.home_member_agreed_other, f)}` : ''),
    listing: (openOffers: number, wants: number) =>
      `${countOf(openOffers, t.home_member_open_offers_one, t.home_member_open_offers_other, f)} · ${countOf(wants, t.home_member_wants_one, t.home_member_wants_other, f)}`,
  };
}
