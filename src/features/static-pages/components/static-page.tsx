import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { usePageTitle } from '@/lib/use-page-title';
import './static-page.css';

interface StaticPageProps {
  /** The h1; also the document title unless pageTitle is given. */
  title: string;
  pageTitle?: string;
  lead?: ReactNode;
  /** Legal pages say when they last changed: the day (2026-11-01), shown as its month in the member's language. */
  updated?: string;
  children: ReactNode;
}

/** The one layout of every static page: title, lead, then sections. */
export function StaticPage({ title, pageTitle, lead, updated, children }: StaticPageProps) {
  usePageTitle(pageTitle ?? title);
  return (
    <div className="container page">
      <Box className="static-page" mx="auto">
        <Flex direction="column" gap="2" mb="6">
          <Heading as="h1" size={{ initial: '7', sm: '8' }}>
            {title}
          </Heading>
          {lead && (
            <Text as="p" size={{ initial: '3', sm: '4' }} color="gray">
              {lead}
            </Text>
          )}
          {updated && (
            <Text as="p" size="2" color="gray">
              {m.static_pages_last_updated({
                date: fmt.date(updated, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
              })}
            </Text>
          )}
        </Flex>
        <Flex direction="column" gap="6">
          {children}
        </Flex>
      </Box>
    </div>
  );
}

/** A titled section (h2) of a static page. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <section id={id} aria-labelledby={id ? `${id}-title` : undefined}>
        <Heading as="h2" size="5" id={id ? `${id}-title` : undefined}>
          {title}
        </Heading>
        {children}
      </section>
    </Flex>
  );
}

export function P({ children }: { children: ReactNode }) {
  return (
    <Text as="p" size="3">
      {children}
    </Text>
  );
}

export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="static-list">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
