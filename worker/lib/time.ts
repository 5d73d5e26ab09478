// Time as ISO strings, the format every timestamp column uses.
export const isoNow = () => new Date().toISOString();
export const isoIn = (ms: number, from = Date.now()) => new Date(from + ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
