import { ArrowDownIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { SearchBar } from '@/features/search';
import { useCurrentUser } from '@/lib/current-user';

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
            Trade what you have for what you need
          </Heading>
          <Text as="p" size={{ initial: '3', md: '5' }} color="gray">
            Barter Market connects neighbours who swap goods and skills instead of money. Fix a bike for a week of
            dinners, or trade piano lessons for fresh vegetables.
          </Text>
          <Flex gap="3" wrap="wrap">
            {user ? (
              <Button asChild size="4">
                <Link to="/browse">Browse Listings</Link>
              </Button>
            ) : (
              <Button asChild size="4">
                <Link to="/signup">Get Started</Link>
              </Button>
            )}
            <Button size="4" variant="outline" onClick={showHowItWorks}>
              How It Works <ArrowDownIcon aria-hidden="true" />
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
