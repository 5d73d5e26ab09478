// The one fetch: same-origin calls with credentials; JSON only when there is a payload
// (docs/decisions/007-front-end-foundation.md). A non-OK reply throws ApiError. Features call the
// API through the typed client over it (api-client.ts), never with hand-built URLs.
import { localText } from './local-text';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** The reply's stable code (src/shared/contract/error-codes.ts), for the member's language. */
    readonly code?: string,
  ) {
    super(message);
  }
}

async function toError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, string>; code?: unknown };
    if (typeof body.message === 'string')
      return new ApiError(
        response.status,
        body.message,
        body.errors ?? {},
        typeof body.code === 'string' ? body.code : undefined,
      );
  } catch {
    // Not JSON: fall through to the generic form "{status}: {body text or status text}".
  }
  // The status code, a colon and a space, then the body text (or the status text).
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

export async function apiFetch(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw await toError(response);
  return response;
}

/** A reply whose status or headers say something too: 201 against 200, 202 held, a page's cursor. */
export interface ApiReply<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** The message to show for a failed call: the server's, else the given fallback. */
/** What went wrong, in the member's language when the message or its code is known (decision 068). */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message
    ? localText(error.message, error instanceof ApiError ? error.code : undefined)
    : fallback;
