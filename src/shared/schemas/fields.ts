// Field builders reused by several schemas, so each rule and its message is written once.
import * as v from 'valibot';

/** A required trimmed string with the given length bounds and messages. */
export const text = (min: number, max: number, minMessage: string, maxMessage: string) =>
  v.pipe(v.string(minMessage), v.trim(), v.minLength(min, minMessage), v.maxLength(max, maxMessage));

/** An optional trimmed string; blank becomes null so "cleared" and "absent" mean the same. */
export const optionalText = (max: number, maxMessage: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(maxMessage)),
      v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
      v.check((value) => value == null || value.length <= max, maxMessage),
    ),
  );

export const emailField = v.pipe(
  v.string('Please enter a valid email address'),
  v.trim(),
  v.email('Please enter a valid email address'),
  v.maxLength(254, 'Email must be at most 254 characters'),
);

const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** An http(s) URL or empty (stored as null). Other schemes are refused: they could run script. */
export const optionalHttpUrl = v.optional(
  v.pipe(
    v.nullable(v.string('Please enter a valid URL')),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.check(
      (value) => value == null || (HTTP_URL.test(value) && value.length <= 2048 && isParsableUrl(value)),
      'Please enter a valid URL',
    ),
  ),
);

function isParsableUrl(value: string) {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A positive integer id, accepting numeric strings from forms and query strings. */
export const idField = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^\d+$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(1, message),
  );

export const optionalId = (message: string) => v.optional(v.nullable(idField(message)));
