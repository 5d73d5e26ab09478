import { ArrowRightIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Link as ThemeLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { categoryName, useCategories } from '@/lib/categories';
import * as m from '@/lib/messages';

/** A link to /browse?category={slug} for each of the listing's categories. */
export function SimilarListings({ slugs }: { slugs: string[] }) {
  const categories = useCategories();
  if (slugs.length === 0) return null;
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="2">
        {m.listings_similar()}
      </Heading>
      <Flex asChild direction="column" gap="2">
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {slugs.map((slug) => (
            <li key={slug}>
              <ThemeLink asChild size="2">
                <Link
                  to="/browse"
                  search={{ category: slug }}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                >
                  {m.listings_more_in({ category: categoryName(categories, slug) })}{' '}
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </ThemeLink>
            </li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
