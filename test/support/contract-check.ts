// Holds the Worker to its contract: every reply a Worker test receives through call() is checked
// against the declaration of the route it came from (src/shared/contract), so a reply that grows,
// loses or retypes a field the client does not know about fails the test that saw it.
import * as v from 'valibot';
import { allRoutes } from '@/shared/contract';
import { errorReply } from '@/shared/contract/errors';
import { pathPattern, type RouteSpec } from '@/shared/contract/route';

// Paths without parameters first: `/api/listings/featured` is its own route, not `:id`.
const declared = [...allRoutes]
  .sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))
  .map((route) => ({ route, pattern: pathPattern(route.path) }));

/** The declared route a request reached, if any. */
export function declaredRoute(method: string, path: string): RouteSpec | undefined {
  const bare = path.split('?')[0]!;
  const asMethod = method === 'HEAD' ? 'GET' : method;
  return declared.find(({ route, pattern }) => route.method === asMethod && pattern.test(bare))?.route;
}

function issuesOf(issues: readonly v.BaseIssue<unknown>[]) {
  return issues.map((issue) => `${v.getDotPath(issue) ?? '(reply)'}: ${issue.message}`).join('; ');
}

/** Throws when the reply is not what its route declares. Replies of undeclared routes pass. */
export async function checkReply(method: string, path: string, response: Response): Promise<void> {
  const route = declaredRoute(method, path);
  if (!route || method === 'HEAD' || (route.socket && response.status === 101)) return;
  const type = response.headers.get('Content-Type') ?? '';
  if (response.status >= 400) {
    if (!type.includes('application/json')) return;
    const result = v.safeParse(errorReply, await response.clone().json());
    if (!result.success)
      throw new Error(`${method} ${path} → ${response.status}: not the error shape: ${issuesOf(result.issues)}`);
    return;
  }
  if (response.status >= 300 || route.replyType) return;
  const main = route.status ?? 200;
  const schema = response.status === main ? route.reply : route.alternatives?.[response.status as 200];
  if (schema === undefined)
    throw new Error(`${method} ${path} → ${response.status}: a success status the route does not declare`);
  if (schema === null) {
    if (response.status !== 204 && (await response.clone().text()) !== '')
      throw new Error(`${method} ${path} → ${response.status}: a body where the route declares none`);
    return;
  }
  const result = v.safeParse(schema, await response.clone().json());
  if (!result.success)
    throw new Error(
      `${method} ${path} → ${response.status}: the reply is not its declared shape: ${issuesOf(result.issues)}`,
    );
}
