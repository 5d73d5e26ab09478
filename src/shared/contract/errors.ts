// The one error reply every route gives: a message for people, field messages for forms, and a
// stable code where the client needs to tell one refusal from another.
import * as v from 'valibot';

export const errorReply = v.strictObject({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.string())),
  code: v.optional(v.string()),
});

export type ErrorReply = v.InferOutput<typeof errorReply>;
