import { Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { FaqBrowser } from '../components/faq-browser';
import { StaticPage } from '../components/static-page';

export function FaqPage() {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      pageTitle="FAQ"
      lead="Quick answers about joining, exchanging, staying safe and managing your account."
    >
      <FaqBrowser />
      <Text as="p" size="2" color="gray">
        Still stuck? Visit the{' '}
        <RadixLink asChild underline="always">
          <Link to="/help">Help Center</Link>
        </RadixLink>{' '}
        or{' '}
        <RadixLink asChild underline="always">
          <Link to="/contact">contact us</Link>
        </RadixLink>{' '}
        and we will reply within 24 hours.
      </Text>
    </StaticPage>
  );
}
