// "5 minutes ago", "yesterday": short relative times for the notifications panel, in the member's
// language (src/shared/intl.ts).
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

export const timeAgo = (iso: string, now = Date.now()): string => fmt.relative(iso, m.common_just_now(), now);
