import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { faqSections, filterFaq } from '../faq-data';

/** The searchable FAQ of /help and /faq: sections of questions that expand to their answers. */
export function FaqBrowser({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const all = useMemo(faqSections, []);
  const sections = filterFaq(query, all);
  const matchCount = sections.reduce((sum, s) => sum + s.items.length, 0);
  const total = all.reduce((sum, s) => sum + s.items.length, 0);

  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="2" role="search">
        <Text as="label" htmlFor={`${id}-search`} size="2" weight="medium">
          {m.static_pages_faq_search()}
        </Text>
        <TextField.Root
          id={`${id}-search`}
          type="search"
          size="3"
          placeholder={m.static_pages_faq_search_placeholder()}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-describedby={`${id}-count`}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden="true" />
          </TextField.Slot>
        </TextField.Root>
        <Text id={`${id}-count`} size="1" color="gray" aria-live="polite">
          {query
            ? (fmt.one(matchCount) ? m.static_pages_faq_matches_one : m.static_pages_faq_matches_other)({
                count: fmt.number(matchCount),
                total: fmt.number(total),
                query,
              })
            : m.static_pages_faq_total({ total: fmt.number(total), sections: fmt.number(all.length) })}
        </Text>
      </Flex>

      {sections.length === 0 ? (
        <Card size="3">
          <Flex direction="column" gap="3" align="start">
            <Text as="p">{m.static_pages_faq_no_match({ query })}</Text>
            <Flex gap="3" wrap="wrap">
              <Button variant="soft" highContrast onClick={() => setSearch('')}>
                {m.static_pages_faq_clear()}
              </Button>
              <Button asChild>
                <Link to="/contact">{m.static_pages_contact_us()}</Link>
              </Button>
            </Flex>
          </Flex>
        </Card>
      ) : (
        sections.map((section) => (
          <section key={section.id} aria-labelledby={`${id}-${section.id}`} data-testid="faq-section">
            <Heading as={headingLevel} size="5" mb="2" id={`${id}-${section.id}`}>
              {section.title}
            </Heading>
            <div>
              {section.items.map((item) => (
                // Open while searching, so matching answers are visible at once.
                <details
                  key={item.question}
                  className="faq-item"
                  open={query ? true : undefined}
                  data-testid="faq-item"
                >
                  <summary>{item.question}</summary>
                  <div className="faq-answer">
                    {item.answer.map((paragraph) => (
                      <Text as="p" size="3" color="gray" key={paragraph}>
                        {paragraph}
                      </Text>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))
      )}
    </Flex>
  );
}
