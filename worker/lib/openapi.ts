// The OpenAPI 3.1 document, generated from the route declarations (src/shared/contract): the
// same schemas the handlers parse with and the tests hold the replies to, so the reference cannot
// drift from the API it describes.
import { toJsonSchema } from '@valibot/to-json-schema';
import { openApiPath, pathSegments, type RouteSpec, type Schema } from '@/shared/contract/route';
import { errorReply } from '@/shared/contract/errors';

type JsonObject = Record<string, unknown>;

const ACCESS_WORDS: Record<RouteSpec['access'], string> = {
  anyone: 'Anyone, signed in or not.',
  member: 'A signed-in member (the `sid` cookie); 401 without one.',
  admin: 'An admin (the `sid` cookie of an admin); 401 without a session, 403 for other members.',
  development: 'Local development only: absent from a deployed instance.',
};

// Checks and transforms without a JSON Schema form (a custom check, a trim) are left out: the
// schema then says what a valid value looks like, and the handler's messages say the rest.
const jsonSchema = (schema: Schema, typeMode: 'input' | 'output') =>
  toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }) as JsonObject;

function parameters(route: RouteSpec): JsonObject[] {
  const inPath = pathSegments(route.path).flatMap((segment) =>
    'name' in segment
      ? [
          {
            name: segment.name,
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: `^${segment.pattern}$` },
          },
        ]
      : [],
  );
  const query = route.query ? jsonSchema(route.query, 'input') : null;
  const properties = (query?.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const inQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  return [...inPath, ...inQuery];
}

function content(route: RouteSpec, schema: Schema): JsonObject {
  if (route.replyType) return { [route.replyType]: { schema: { type: 'string' } } };
  return { 'application/json': { schema: jsonSchema(schema, 'output') } };
}

function responses(route: RouteSpec): JsonObject {
  if (route.socket)
    return {
      101: {
        description: 'Switching to a WebSocket; the server sends frames of the schema `x-frames` gives.',
        'x-frames': jsonSchema(route.socket.frames, 'output'),
      },
      ...Object.fromEntries((route.errors ?? []).map((status) => [status, { $ref: '#/components/responses/Error' }])),
    };
  const main = route.status ?? 200;
  const out: JsonObject = {
    [main]: route.reply
      ? { description: 'Success', content: content(route, route.reply) }
      : { description: 'Success, no body' },
  };
  for (const [status, schema] of Object.entries(route.alternatives ?? {}))
    if (schema) out[status] = { description: 'Success', content: content(route, schema) };
  const errors = new Set([...(route.body ? [400, 413] : []), ...(route.errors ?? [])]);
  if (route.access === 'member' || route.access === 'admin') errors.add(401);
  if (route.access === 'admin') errors.add(403);
  for (const status of [...errors].sort()) out[status] = { $ref: '#/components/responses/Error' };
  out['429'] = { $ref: '#/components/responses/TooManyRequests' };
  out['500'] = { $ref: '#/components/responses/Error' };
  return out;
}

function operation(route: RouteSpec): JsonObject {
  const op: JsonObject = {
    tags: [route.tag],
    summary: route.summary,
    description: [ACCESS_WORDS[route.access], route.notes].filter(Boolean).join('\n\n'),
    parameters: parameters(route),
    responses: responses(route),
  };
  if (route.access === 'member' || route.access === 'admin') op.security = [{ sid: [] }];
  if (route.body)
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  return op;
}

const DESCRIPTION = `The API of a community barter marketplace: one Worker answers it and serves the app.

**Authentication.** Signing in sets an HttpOnly cookie, \`sid\`; every call from the app carries it.
Writes must come from the app's own origin (the \`Origin\` header) with a JSON body.

**Errors.** Every error answers \`{ "message": string, "errors"?: { field: message }, "code"?: string }\`:
\`message\` is for people, \`errors\` names the form fields a 400 refused, and \`code\` tells one
refusal from another where the app needs to.

**Rate limits.** Sign-in, sign-up, password mail, contact, uploads, reports and members' writes are
limited per address, per member or per day; a limited call answers 429 with \`Retry-After\` in seconds.`;

/** The whole document for these routes. */
export function openApiDocument(routes: readonly RouteSpec[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route);
  const error = {
    description: 'An error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Barter Market API', version: '1', description: DESCRIPTION },
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { sid: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      schemas: { Error: jsonSchema(errorReply, 'output') },
      responses: {
        Error: error,
        TooManyRequests: {
          ...error,
          description: 'Too many requests',
          headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
        },
      },
    },
  };
}
