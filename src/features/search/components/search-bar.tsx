import { MagnifyingGlassIcon, MixerHorizontalIcon } from '@radix-ui/react-icons';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { SEARCH_DISTANCES } from '@/shared/constants';
import { distanceInEffect, distanceShownFor, type SearchDistance } from '@/shared/search-params';
import { PlaceInput } from '@/components/place-input';
import '../search.css';
import { useCategories } from '@/lib/categories';
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';

interface SearchBarProps {
  initialQuery?: string;
  initialCategory?: string;
  /** The distance the member picked before (from the URL); undefined when none was picked. */
  initialDistance?: SearchDistance | undefined;
  initialNear?: string;
}

/**
 * Text, a place to measure from (with suggestions; empty means the visitor's area), category and
 * distance (5, 10, 25, 50, 100 miles or any). Submitting opens /browse with them. The select shows
 * the distance in effect: the one picked, else 50 miles once a Near place is given, else "Any
 * distance"; it never claims a filter that does not apply (docs/front-end.md, "Near and distance").
 * Native selects: light on the home page's JavaScript and native on phones.
 */
export function SearchBar({
  initialQuery = '',
  initialCategory = 'all',
  initialDistance,
  initialNear = '',
}: SearchBarProps) {
  const id = useId();
  const categories = useCategories();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [category, setCategory] = useState(initialCategory);
  // undefined until the member picks a distance.
  const [distance, setDistance] = useState<SearchDistance | undefined>(initialDistance);
  const [near, setNear] = useState(initialNear);
  // On phones the bar starts as one field and a button; focusing the field (or Filters) opens the
  // place, category and distance. Chosen filters keep it open, so they are never out of sight.
  const [expanded, setExpanded] = useState(
    initialNear !== '' || initialCategory !== 'all' || initialDistance !== undefined,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    void navigate({
      to: '/browse',
      search: {
        q: q || undefined,
        category: category === 'all' ? undefined : category,
        distance: distanceInEffect({ distance, near }),
        near: near.trim() || undefined,
      },
    });
  };

  return (
    <form role="search" aria-label={m.search_label()} onSubmit={submit} className="search-bar" data-expanded={expanded}>
      <Flex direction="column" gap="1" className="search-bar-query">
        <Text as="label" htmlFor={`${id}-q`} size="2" weight="medium" className="search-bar-query-label">
          {m.search_what()}
        </Text>
        <TextField.Root
          id={`${id}-q`}
          size="3"
          type="search"
          placeholder={m.search_placeholder()}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => setExpanded(true)}
          maxLength={200}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden="true" />
          </TextField.Slot>
        </TextField.Root>
      </Flex>
      <Button
        type="button"
        size="3"
        variant="soft"
        className="search-bar-filters"
        aria-label={m.search_filters()}
        aria-expanded={expanded}
        aria-controls={`${id}-extra`}
        onClick={() => setExpanded(true)}
      >
        <MixerHorizontalIcon aria-hidden="true" />
      </Button>
      <Flex direction="column" gap="1" className="search-bar-extra" id={`${id}-extra`}>
        <Text as="label" htmlFor={`${id}-near`} size="2" weight="medium">
          {m.search_near()}
        </Text>
        <PlaceInput
          id={`${id}-near`}
          size="3"
          placeholder={m.search_near_placeholder()}
          value={near}
          onValueChange={setNear}
          maxLength={100}
        />
      </Flex>
      <Flex direction="column" gap="1" className="search-bar-extra">
        <Text as="label" htmlFor={`${id}-category`} size="2" weight="medium">
          {m.search_category()}
        </Text>
        <select
          id={`${id}-category`}
          className="native-select"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="all">{m.search_all_categories()}</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </Flex>
      <Flex direction="column" gap="1" className="search-bar-extra">
        <Text as="label" htmlFor={`${id}-distance`} size="2" weight="medium">
          {m.search_distance()}
        </Text>
        <select
          id={`${id}-distance`}
          className="native-select"
          value={String(distanceShownFor({ distance, near }))}
          onChange={(e) => setDistance(e.target.value === 'any' ? 'any' : (Number(e.target.value) as SearchDistance))}
        >
          {SEARCH_DISTANCES.map((d) => (
            <option key={d} value={String(d)}>
              {d === 'any' ? m.search_any_distance() : m.search_within({ distance: fmt.distance(d, 'long') })}
            </option>
          ))}
        </select>
      </Flex>
      <Button type="submit" size="3" className="search-bar-submit">
        {m.search_submit()}
      </Button>
    </form>
  );
}
