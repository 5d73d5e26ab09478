import { ArrowDownIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { SearchBar } from '@/features/search';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

/** Moves to How It Works and puts keyboard focus there, smoothly unless motion is reduced. */
function showHowItWorks() {
  const section = document.getElementById('how-it-works');
  if (!section) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

export function Hero() {
  const { user } = useCurrentUser();
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="container">
        <Flex direction="column" gap="4" className="home-hero-text">
          <Heading as="h1" id="home-title" size={{ initial: '8', md: '9' }}>
            {m.home_hero_title()}
          </Heading>
          <Text as="p" size={{ initial: '3', md: '5' }} color="gray">
            {m.home_hero_lead()}
          </Text>
          <Flex gap="3" wrap="wrap">
            {user ? (
              <Button asChild size="4">
                <Link to="/browse">{m.layout_footer_browse_listings()}</Link>
              </Button>
            ) : (
              <Button asChild size="4">
                <Link to="/signup">{m.home_get_started()}</Link>
              </Button>
            )}
            <Button size="4" variant="outline" onClick={showHowItWorks}>
              {m.home_how_it_works()} <ArrowDownIcon aria-hidden="true" />
            </Button>
          </Flex>
        </Flex>
        <Card size="3" mt="6" className="home-search search-card">
          <SearchBar />
        </Card>
      </div>
    </section>
  );
}
