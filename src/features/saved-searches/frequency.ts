// A saved search's digest frequency as the member chooses it (decision 063, "Digest frequency"):
// the same words on Browse's Saved menu and in the profile's list.
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@/shared/constants';
import * as m from '@/lib/messages';

/** Each frequency's label, as a message (called when rendered, in the member's language). */
export const FREQUENCY_LABEL: Record<DigestFrequency, () => string> = {
  immediate: m.saved_searches_frequency_immediate,
  daily: m.saved_searches_frequency_daily,
  weekly: m.saved_searches_frequency_weekly,
};

export const FREQUENCY_CHOICES = DIGEST_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABEL[value] }));

/** What the toast says once a frequency is saved. */
export const frequencySaved = (frequency: DigestFrequency) =>
  frequency === 'immediate'
    ? m.saved_searches_saved_immediate()
    : frequency === 'daily'
      ? m.saved_searches_saved_daily()
      : m.saved_searches_saved_weekly();

export const isFrequency = (value: string): value is DigestFrequency =>
  (DIGEST_FREQUENCIES as readonly string[]).includes(value);
