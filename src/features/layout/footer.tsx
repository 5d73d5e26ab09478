import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import { LocaleSwitcher } from './locale-switcher';
import { SupportDialog } from './support-dialog';

const QUICK_LINKS = [
  { to: '/browse', label: m.layout_footer_browse_listings },
  { to: '/community', label: m.layout_nav_community },
  { to: '/about', label: m.layout_footer_about },
  { to: '/value-guide', label: m.layout_footer_value_guide },
] as const;

// Category links for home, tech, education, creative and food.
const CATEGORY_LINKS = [
  { slug: 'home', label: m.category_home },
  { slug: 'tech', label: m.category_tech },
  { slug: 'education', label: m.category_education },
  { slug: 'creative', label: m.category_creative },
  { slug: 'food', label: m.category_food },
] as const;

const SUPPORT_LINKS = [
  { to: '/help', label: m.layout_footer_help },
  { to: '/safety', label: m.layout_footer_safety },
  { to: '/community-standards', label: m.layout_footer_standards },
  { to: '/contact', label: m.layout_footer_contact },
  { to: '/terms', label: m.layout_footer_terms },
  { to: '/privacy', label: m.layout_footer_privacy },
  { to: '/cookies', label: m.layout_footer_cookies },
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
              {m.layout_footer_tagline()}
            </Text>
            <div>
              <SupportDialog />
            </div>
          </Flex>
          <FooterColumn title={m.layout_footer_quick_links()}>
            {QUICK_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="footer-link">
                {l.label()}
              </Link>
            ))}
          </FooterColumn>
          <FooterColumn title={m.layout_footer_categories()}>
            {CATEGORY_LINKS.map((c) => (
              <Link key={c.slug} to="/browse" search={{ category: c.slug }} className="footer-link">
                {c.label()}
              </Link>
            ))}
          </FooterColumn>
          <FooterColumn title={m.layout_footer_support()}>
            {SUPPORT_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="footer-link">
                {l.label()}
              </Link>
            ))}
            {/* The API's reference is a page of the Worker's, not of the app: a full load. */}
            <a href="/api/docs" className="footer-link">
              API
            </a>
          </FooterColumn>
        </Grid>
        <LocaleSwitcher />
        <Text as="p" size="1" color="gray" mb="5">
          {m.layout_footer_copyright({ year: new Date().getFullYear() })}
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
