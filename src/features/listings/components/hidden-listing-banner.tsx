// A listing moderation hid (status 'hidden') reaches only its owner and admins. The owner learns
// what that means and what to do; it is not a status they can change back themselves.
import { EyeNoneIcon } from '@radix-ui/react-icons';
import { Callout, Link as ThemeLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';

// The banner's links, amber on amber as the callout's text is.
const linkTo = (to: '/contact' | '/community-standards') =>
  function BannerLink(words: string) {
    return (
      <ThemeLink asChild underline="always" color="amber" highContrast>
        <Link to={to}>{words}</Link>
      </ThemeLink>
    );
  };

export function HiddenListingBanner({ isOwner }: { isOwner: boolean }) {
  return (
    <Callout.Root color="amber" highContrast role="status" mb="4" data-testid="hidden-listing-banner">
      <Callout.Icon>
        <EyeNoneIcon aria-hidden="true" />
      </Callout.Icon>
      <Callout.Text>
        <strong>{m.listings_hidden_title()}</strong>{' '}
        {isOwner
          ? richText(m.listings_hidden_owner(), {
              contact: linkTo('/contact'),
              standards: linkTo('/community-standards'),
            })
          : m.listings_hidden_others()}
      </Callout.Text>
    </Callout.Root>
  );
}
