// The categories, read once and cached: every screen that names a category uses this list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_CATEGORIES } from '@/shared/constants';
import { categoryRoutes, type Category } from '@/shared/contract/categories';
import { call } from './api-client';
import * as m from './messages';
import { categoryKeys } from './query-keys';

// Categories are cached 10 minutes (docs/decisions/007-front-end-foundation.md); an empty answer
// falls back to the six.
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: () => call(categoryRoutes.list),
  staleTime: 10 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
});

/** The six categories' names in the member's language (decision 068); another keeps the API's name. */
const NAMES: Record<string, () => string> = {
  home: m.category_home,
  tech: m.category_tech,
  education: m.category_education,
  creative: m.category_creative,
  food: m.category_food,
  goods: m.category_goods,
};

export const localCategory = (category: Category): Category => {
  const name = NAMES[category.slug];
  return name ? { ...category, name: name() } : category;
};

/** The categories, named in the member's language. */
export function useCategories(): Category[] {
  const { data } = useQuery(categoriesQuery);
  return (data && data.length > 0 ? data : FALLBACK_CATEGORIES).map(localCategory);
}

export const categoryName = (categories: Category[], slug: string) =>
  categories.find((c) => c.slug === slug)?.name ?? slug;
