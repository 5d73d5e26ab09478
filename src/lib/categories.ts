// The categories, read once and cached: every screen that names a category uses this list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_CATEGORIES } from '@/shared/constants';
import { categoryRoutes, type Category } from '@/shared/contract/categories';
import { call } from './api-client';
import { categoryKeys } from './query-keys';

// Categories are cached 10 minutes (docs/decisions/007-front-end-foundation.md); an empty answer
// falls back to the six.
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: () => call(categoryRoutes.list),
  staleTime: 10 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
});

export function useCategories(): Category[] {
  const { data } = useQuery(categoriesQuery);
  return data && data.length > 0 ? data : [...FALLBACK_CATEGORIES];
}

export const categoryName = (categories: Category[], slug: string) =>
  categories.find((c) => c.slug === slug)?.name ?? slug;
