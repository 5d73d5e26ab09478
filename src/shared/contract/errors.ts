// The one error reply every route gives: a message for people (English, the product's words), field
// messages for forms, and a stable code (./error-codes.ts) the client translates (decision 068).
import * as v from 'valibot';

export const errorReply = v.strictObject({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.string())),
  code: v.string(),
});

export type ErrorReply = v.InferOutput<typeof errorReply>;
