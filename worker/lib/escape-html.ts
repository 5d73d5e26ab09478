// The one HTML escaper of the Worker: pages, the first screen, the API reference and emails.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/**
 * Text for an element's content or a quoted attribute value: no character that could end or open
 * markup. Most strings hold none (a digest escapes thousands a cron run), so they are returned as is.
 */
export const escapeHtml = (text: string) =>
  SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!) : text;
