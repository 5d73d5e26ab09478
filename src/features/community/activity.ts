// The community activity level and growth labels, from live counts.
import type { Activity } from '@/shared/contract/community';
import { fmt } from '@/lib/intl';

export type ActivityLevel = 'starting' | 'launching' | 'growing' | 'active' | 'thriving';

/** users + listings + barters: 0 launching, under 10 growing, under 50 active, else thriving; no data: starting. */
export function activityLevel(activity: Pick<Activity, 'users' | 'listings' | 'barters'> | undefined): ActivityLevel {
  if (!activity) return 'starting';
  const total = activity.users + activity.listings + activity.barters;
  if (total === 0) return 'launching';
  if (total < 10) return 'growing';
  if (total < 50) return 'active';
  return 'thriving';
}

export interface GrowthLabels {
  members: 'Growing' | 'Starting';
  listings: 'Active' | 'Getting Started';
  exchanges: 'Proven' | 'Launching';
}

export function growthLabels(activity: Pick<Activity, 'users' | 'listings' | 'barters'> | undefined): GrowthLabels {
  return {
    members: (activity?.users ?? 0) > 0 ? 'Growing' : 'Starting',
    listings: (activity?.listings ?? 0) > 0 ? 'Active' : 'Getting Started',
    exchanges: (activity?.barters ?? 0) > 0 ? 'Proven' : 'Launching',
  };
}

export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const formatMoney = (value: number) =>
  fmt.number(value, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const formatCount = (value: number) => fmt.number(value);
