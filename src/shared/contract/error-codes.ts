// Every error reply's stable `code` (decision 068), declared once: the API keeps its English
// `message` (the product's words) and adds a code the client translates. A message listed here
// has its own code; any other error has its status's code. Validation messages of the shared
// schemas (src/shared/schemas) are listed too: the client translates a field's message by its code
// whether the server or the form's own check gave it.

/** The code of an error no message below names, by status. */
export const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  426: 'upgrade_required',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'unavailable',
};

/** Codes with their English message, as the API sends it. */
export const ERROR_MESSAGES = {
  auth_required: 'Authentication required',
  not_allowed: 'You are not allowed to do this',
  not_found: 'Not found',
  internal_error: 'Internal server error',
  too_many_requests: 'Too many requests. Please try again later.',
  cross_origin: 'Cross-origin requests are not allowed',
  body_too_large: 'Request body too large',
  malformed_json: 'Malformed JSON body',
  invalid_login: 'Invalid username or password',
  sign_in_unavailable: 'Sign-in is temporarily unavailable. Please try again later.',
  username_taken: 'Username already taken',
  email_taken: 'Email already registered',
  email_already_verified: 'Email is already verified',
  verification_failed: 'Verification failed. The token may be invalid or expired.',
  current_password_incorrect: 'Current password is incorrect',
  listing_not_found: 'Listing not found',
  user_not_found: 'User not found',
  conversation_not_found: 'Conversation not found',
  admin_required: 'Admin access required',
  contact_yourself: 'You cannot contact yourself for your own listing',
  own_listing_only: 'You can only edit your own listing',
  saved_searches_full: 'You can save up to 20 searches',
  // The shared schemas' field messages (the product's validation words).
  username_required: 'Username is required',
  password_required: 'Password is required',
  password_min: 'Password must be at least 8 characters',
  password_max: 'Password must be at most 256 characters',
  email_invalid: 'Please enter a valid email address',
  email_max: 'Email must be at most 254 characters',
  display_name_min: 'Display name must be at least 2 characters',
  display_name_max: 'Display name must be at most 100 characters',
  title_min: 'Title must be at least 5 characters',
  title_max: 'Title must be at most 100 characters',
  description_min: 'Description must be at least 10 characters',
  description_max: 'Description must be at most 2000 characters',
  category_required: 'Please select at least one category',
  category_invalid: 'Please select a valid category',
  categories_max: 'Please select at most 6 categories',
  wants_required: 'Please specify what you want in return',
  location_required: 'Location is required',
  location_max: 'Location must be at most 100 characters',
  message_empty: 'Message cannot be empty',
  rating_range: 'Rating must be between 1 and 5',
  offer_required: 'Choose a listing to offer or describe your offer',
  reason_required: 'Please choose a reason',
  // The listing form's own field messages.
  category_select: 'Select at least one category',
  wants_max: 'What you want in return must be at most 200 characters',
  options_max: 'Maximum of 5 additional options reached',
  option_blank: 'Additional options cannot be blank',
  option_max: 'Each option must be at most 200 characters',
  images_max: 'You can only upload up to 3 images.',
  images_foreign: 'Images must be uploaded through this site',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

let byMessage: Map<string, ErrorCode> | undefined;

/** The code of an English message this module lists, or undefined. */
export function codeOfMessage(message: string): ErrorCode | undefined {
  byMessage ??= new Map(Object.entries(ERROR_MESSAGES).map(([code, text]) => [text, code as ErrorCode]));
  return byMessage.get(message);
}

/** An error reply's code: its message's own, else its status's. */
export const errorCodeOf = (message: string, status: number): string =>
  codeOfMessage(message) ?? STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
