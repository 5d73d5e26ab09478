// The API's error codes and the shared schemas' messages in the member's language (decision 068):
// loaded with another language's messages (src/lib/message-catalogue.ts makes it the translator of
// src/lib/local-text.ts), never for English, whose words are the messages themselves. A message
// with a code of its own is translated; one with only its status's code keeps its English, which
// says more than the status would.
import { codeOfMessage, type ErrorCode } from '@/shared/contract/error-codes';
import * as m from './messages';

const TEXTS: Record<ErrorCode, () => string> = {
  auth_required: m.error_auth_required,
  not_allowed: m.error_not_allowed,
  not_found: m.error_not_found,
  internal_error: m.error_internal_error,
  too_many_requests: m.error_too_many_requests,
  cross_origin: m.error_cross_origin,
  body_too_large: m.error_body_too_large,
  malformed_json: m.error_malformed_json,
  invalid_login: m.error_invalid_login,
  sign_in_unavailable: m.error_sign_in_unavailable,
  username_taken: m.error_username_taken,
  email_taken: m.error_email_taken,
  email_already_verified: m.error_email_already_verified,
  verification_failed: m.error_verification_failed,
  current_password_incorrect: m.error_current_password_incorrect,
  listing_not_found: m.error_listing_not_found,
  user_not_found: m.error_user_not_found,
  conversation_not_found: m.error_conversation_not_found,
  admin_required: m.error_admin_required,
  contact_yourself: m.error_contact_yourself,
  own_listing_only: m.error_own_listing_only,
  saved_searches_full: m.error_saved_searches_full,
  username_required: m.error_username_required,
  password_required: m.error_password_required,
  password_min: m.error_password_min,
  password_max: m.error_password_max,
  email_invalid: m.error_email_invalid,
  email_max: m.error_email_max,
  display_name_min: m.error_display_name_min,
  display_name_max: m.error_display_name_max,
  title_min: m.error_title_min,
  title_max: m.error_title_max,
  description_min: m.error_description_min,
  description_max: m.error_description_max,
  category_required: m.error_category_required,
  category_invalid: m.error_category_invalid,
  categories_max: m.error_categories_max,
  wants_required: m.error_wants_required,
  location_required: m.error_location_required,
  location_max: m.error_location_max,
  message_empty: m.error_message_empty,
  rating_range: m.error_rating_range,
  offer_required: m.error_offer_required,
  reason_required: m.error_reason_required,
  category_select: m.error_category_select,
  wants_max: m.error_wants_max,
  options_max: m.error_options_max,
  option_blank: m.error_option_blank,
  option_max: m.error_option_max,
  images_max: m.error_images_max,
  images_foreign: m.error_images_foreign,
};

/** The member's words for an error: by its message's own code, else its reply's code, else the English. */
export function translateError(message: string, code?: string): string {
  const known = codeOfMessage(message) ?? (code && code in TEXTS ? (code as ErrorCode) : undefined);
  return known ? TEXTS[known]() : message;
}
