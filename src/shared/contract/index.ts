// Every route of the API, for the reference (/api/openapi.json) and the tests that hold the
// Worker to it. The SPA imports a resource's module directly, so a page loads only its own.
import { categoryRoutes } from './categories';
import { referenceRoutes } from './reference';
import type { RouteSpec } from './route';

export const routeGroups = { categories: categoryRoutes, reference: referenceRoutes } as const;

export const allRoutes: readonly RouteSpec[] = Object.values(routeGroups).flatMap((group) => Object.values(group));
