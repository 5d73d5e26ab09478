// A saved search's digest frequency as the member chooses it (decision 063, "Digest frequency"):
// the same words on Browse's Saved menu and in the profile's list.
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@/shared/constants';

export const FREQUENCY_LABEL: Record<DigestFrequency, string> = {
  immediate: 'As it happens',
  daily: 'Daily',
  weekly: 'Weekly',
};

export const FREQUENCY_CHOICES = DIGEST_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABEL[value] }));

/** What the toast says once a frequency is saved. */
export const frequencySaved = (frequency: DigestFrequency) =>
  frequency === 'immediate'
    ? 'Emails for this search as matches appear'
    : `Emails for this search at most ${frequency === 'daily' ? 'once a day' : 'once a week'}`;

export const isFrequency = (value: string): value is DigestFrequency =>
  (DIGEST_FREQUENCIES as readonly string[]).includes(value);
