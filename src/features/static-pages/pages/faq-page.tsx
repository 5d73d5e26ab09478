import { Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import { FaqBrowser } from '../components/faq-browser';
import { StaticPage } from '../components/static-page';
import { richText } from '@/lib/rich-text';

export function FaqPage() {
  return (
    <StaticPage
      title={m.static_pages_faq_title()}
      pageTitle={m.static_pages_faq_page_title()}
      lead={m.static_pages_faq_lead()}
    >
      <FaqBrowser />
      <Text as="p" size="2" color="gray">
        {richText(m.static_pages_faq_still_stuck(), {
          help: (words) => (
            <RadixLink asChild underline="always">
              <Link to="/help">{words}</Link>
            </RadixLink>
          ),
          contact: (words) => (
            <RadixLink asChild underline="always">
              <Link to="/contact">{words}</Link>
            </RadixLink>
          ),
        })}
      </Text>
    </StaticPage>
  );
}
