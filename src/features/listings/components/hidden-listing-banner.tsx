// A listing moderation hid (status 'hidden') reaches only its owner and admins. The owner learns
// what that means and what to do; it is not a status they can change back themselves.
import { EyeNoneIcon } from '@radix-ui/react-icons';
import { Callout, Link as ThemeLink } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';

export function HiddenListingBanner({ isOwner }: { isOwner: boolean }) {
  return (
    <Callout.Root color="amber" highContrast role="status" mb="4" data-testid="hidden-listing-banner">
      <Callout.Icon>
        <EyeNoneIcon aria-hidden="true" />
      </Callout.Icon>
      <Callout.Text>
        <strong>Hidden by moderators.</strong>{' '}
        {isOwner ? (
          <>
            Members cannot see this listing in browse, search or on your profile, and cannot contact you about it. If
            you think this is a mistake, or you have questions about what to change,{' '}
            <ThemeLink asChild underline="always" color="amber" highContrast>
              <Link to="/contact">contact us</Link>
            </ThemeLink>{' '}
            with the listing’s title. Our{' '}
            <ThemeLink asChild underline="always" color="amber" highContrast>
              <Link to="/community-standards">Community Standards</Link>
            </ThemeLink>{' '}
            explain what is allowed.
          </>
        ) : (
          'Only its owner and admins can see this listing.'
        )}
      </Callout.Text>
    </Callout.Root>
  );
}
