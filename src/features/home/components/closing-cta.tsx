import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '@/lib/current-user';

export function ClosingCta() {
  const { user } = useCurrentUser();
  return (
    <section className="home-cta" aria-labelledby="home-cta-heading">
      <div className="container">
        <Flex direction="column" align="center" gap="4" style={{ textAlign: 'center' }}>
          <Heading as="h2" size="7" id="home-cta-heading">
            Ready to start bartering?
          </Heading>
          <Text as="p" size="4" color="gray" style={{ maxWidth: 560 }}>
            Join neighbours who save money, cut waste and get to know each other one exchange at a time.
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            {user ? (
              <Button asChild size="3">
                <Link to="/browse">Browse Listings</Link>
              </Button>
            ) : (
              <Button asChild size="3">
                <Link to="/signup">Get Started</Link>
              </Button>
            )}
            <Button asChild size="3" variant="outline">
              <Link to="/about">About Barter Market</Link>
            </Button>
          </Flex>
        </Flex>
      </div>
    </section>
  );
}
