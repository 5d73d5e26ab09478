import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useState } from 'react';
import { FAQ_SECTIONS, filterFaq } from '../faq-data';

/** The searchable FAQ of /help and /faq: sections of questions that expand to their answers. */
export function FaqBrowser({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const sections = filterFaq(query);
  const matchCount = sections.reduce((sum, s) => sum + s.items.length, 0);
  const total = FAQ_SECTIONS.reduce((sum, s) => sum + s.items.length, 0);

  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="2" role="search">
        <Text as="label" htmlFor={`${id}-search`} size="2" weight="medium">
          Search questions
        </Text>
        <TextField.Root
          id={`${id}-search`}
          type="search"
          size="3"
          placeholder="e.g. password, review, meeting"
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
            ? `${matchCount} of ${total} questions match “${query}”.`
            : `${total} questions in ${FAQ_SECTIONS.length} sections.`}
        </Text>
      </Flex>

      {sections.length === 0 ? (
        <Card size="3">
          <Flex direction="column" gap="3" align="start">
            <Text as="p">No questions match “{query}”. Try a different word, or ask us directly.</Text>
            <Flex gap="3" wrap="wrap">
              <Button variant="soft" highContrast onClick={() => setSearch('')}>
                Clear search
              </Button>
              <Button asChild>
                <Link to="/contact">Contact Us</Link>
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
