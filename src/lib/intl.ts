// The member's formats (src/shared/intl.ts bound to this tab's locale): every date, number,
// relative time and distance the SPA shows goes through `fmt`.
import { formatterFor } from '@/shared/intl';
import { locale } from './locale';

export const fmt = formatterFor(locale);
