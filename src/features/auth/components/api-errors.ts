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
