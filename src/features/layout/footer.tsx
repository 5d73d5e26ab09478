import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { SupportDialog } from './support-dialog';

const QUICK_LINKS = [
  { to: '/browse', label: 'Browse Listings' },
  { to: '/community', label: 'Community' },
  { to: '/about', label: 'About Us' },
  { to: '/value-guide', label: 'Value Guide' },
] as const;

// Category links for home, tech, education, creative and food.
const CATEGORY_LINKS = [
  { slug: 'home', label: 'Home & Garden' },
  { slug: 'tech', label: 'Technology' },
  { slug: 'education', label: 'Education' },
  { slug: 'creative', label: 'Creative' },
  { slug: 'food', label: 'Food' },
] as const;

const SUPPORT_LINKS = [
  { to: '/help', label: 'Help Center' },
  { to: '/safety', label: 'Safety Tips' },
  { to: '/community-standards', label: 'Community Standards' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/cookies', label: 'Cookie Policy' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="6" py="6">
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              Barter Market
            </Heading>
            <Text size="2" color="gray">
              Neighbours exchanging goods and skills instead of money.
            </Text>
            <div>
              <SupportDialog />
            </div>
          </Flex>
          <FooterColumn title="Quick Links">
            {QUICK_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="footer-link">
                {l.label}
              </Link>
            ))}
          </FooterColumn>
          <FooterColumn title="Categories">
            {CATEGORY_LINKS.map((c) => (
              <Link key={c.slug} to="/browse" search={{ category: c.slug }} className="footer-link">
                {c.label}
              </Link>
            ))}
          </FooterColumn>
          <FooterColumn title="Support">
            {SUPPORT_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="footer-link">
                {l.label}
              </Link>
            ))}
            {/* The API's reference is a page of the Worker's, not of the app: a full load. */}
            <a href="/api/docs" className="footer-link">
              API
            </a>
          </FooterColumn>
        </Grid>
        <Text as="p" size="1" color="gray" mb="5">
          © {new Date().getFullYear()} Barter Market. Built by the community, for the community.
        </Text>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title}>
      <Heading as="h2" size="2" mb="2">
        {title}
      </Heading>
      <Flex direction="column" gap="1">
        {children}
      </Flex>
    </nav>
  );
}
