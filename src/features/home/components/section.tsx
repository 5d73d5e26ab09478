import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A home page section: an h2 with an optional lead line, then the content. */
export function HomeSection({
  id,
  slug,
  title,
  lead,
  tone,
  children,
  action,
}: {
  id?: string;
  /** Names the heading's id when the section has no `id` (the title is in the member's language). */
  slug?: string;
  title: string;
  lead?: string;
  tone?: 'muted';
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = `${id ?? slug}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`home-section ${tone === 'muted' ? 'home-section-muted' : ''}`}
    >
      <div className="container">
        <Flex justify="between" align="end" gap="3" wrap="wrap" mb="5">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="7" id={headingId} tabIndex={-1} className="home-section-heading">
              {title}
            </Heading>
            {lead && (
              <Text as="p" color="gray" size="3">
                {lead}
              </Text>
            )}
          </Flex>
          {action}
        </Flex>
        {children}
      </div>
    </section>
  );
}
