import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export function ClosingCta() {
  const { user } = useCurrentUser();
  return (
    <section className="home-cta" aria-labelledby="home-cta-heading">
      <div className="container">
        <Flex direction="column" align="center" gap="4" style={{ textAlign: 'center' }}>
          <Heading as="h2" size="7" id="home-cta-heading">
            {m.home_cta_title()}
          </Heading>
          <Text as="p" size="4" color="gray" style={{ maxWidth: 560 }}>
            {m.home_cta_text()}
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            {user ? (
              <Button asChild size="3">
                <Link to="/browse">{m.layout_footer_browse_listings()}</Link>
              </Button>
            ) : (
              <Button asChild size="3">
                <Link to="/signup">{m.home_get_started()}</Link>
              </Button>
            )}
            <Button asChild size="3" variant="outline">
              <Link to="/about">{m.home_about()}</Link>
            </Button>
          </Flex>
        </Flex>
      </div>
    </section>
  );
}
