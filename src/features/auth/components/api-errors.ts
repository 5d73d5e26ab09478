import { ApiError } from '@/lib/api';
import type { FieldErrors } from '@/lib/use-form';

// 409s name the field in the message only; put them under the field the member can fix.
const CONFLICT_FIELDS: Record<string, string> = {
  'Username already taken': 'username',
  'Email already registered': 'email',
};

/** The field errors a failed call reports, to show beside the fields as well as in the toast. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const conflictField = CONFLICT_FIELDS[error.message];
  return conflictField ? { ...error.errors, [conflictField]: error.message } : error.errors;
}

/**
 * What a failed call says at the form itself when no field carries it (a wrong username or
 * password, a suspension, a limit, no connection); null when the fields say it all.
 */
export function formErrorOf(error: unknown, fallback: string): string | null {
  if (Object.keys(fieldErrorsOf(error)).length > 0) return null;
  return error instanceof ApiError ? error.message : fallback;
}
