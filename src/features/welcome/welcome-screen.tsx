// /welcome, the "what next" screen a new member lands on after sign-up (docs/front-end.md):
// back to the page they came from (when there was one), then three first steps: verify the
// email, create a first listing, browse listings near them.
import {
  ArrowLeftIcon,
  CheckCircledIcon,
  EnvelopeClosedIcon,
  MagnifyingGlassIcon,
  PlusCircledIcon,
} from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '@/components/form-field';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import type { SelfUser } from '@/shared/contract/users';
import { useResendVerification } from '@/features/auth';
import { CreateListingDialog } from '@/features/listings';
import { listingDetailQuery } from '@/features/listings';
import { useUpdateProfile } from '@/features/profile';
import { PlaceInput } from '@/components/place-input';
import './welcome.css';

export function WelcomeScreen({ user, redirect }: { user: SelfUser; redirect: string | undefined }) {
  usePageTitle('Welcome');
  return (
    <div className="container page welcome">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size={{ initial: '6', sm: '8' }}>
          Welcome, {user.displayName}!
        </Heading>
        <Text as="p" color="gray" size="3">
          Your account is ready. Here is how to make your first swap.
        </Text>
      </Flex>
      {redirect && <BackToWhereYouWere path={redirect} />}
      <Grid columns={{ initial: '1', md: '3' }} gap="4" asChild>
        <ol className="welcome-steps" aria-label="First steps">
          <VerifyStep user={user} />
          <FirstListingStep />
          <BrowseNearbyStep user={user} />
        </ol>
      </Grid>
      <Flex justify="center" mt="6">
        <Button asChild variant="ghost" color="gray" highContrast>
          <Link to="/">Skip for now: go to the home page</Link>
        </Button>
      </Flex>
    </div>
  );
}

/** The page named in `?redirect=`: a listing by its title, other screens by their name. */
function BackToWhereYouWere({ path }: { path: string }) {
  const navigate = useNavigate();
  const pathname = path.split(/[?#]/)[0] ?? path;
  const listingId = /^\/listing\/(\d+)$/.exec(pathname)?.[1];
  const listing = useQuery({ ...listingDetailQuery(Number(listingId)), enabled: listingId !== undefined });
  const place = listingId ? (listing.data ? `“${listing.data.title}”` : 'the listing') : screenName(pathname);
  return (
    <Card size="3" mb="5" className="welcome-back">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        gap="3"
        align={{ initial: 'start', sm: 'center' }}
        justify="between"
      >
        <Text as="p" size="3">
          {listingId ? 'You can make your offer now.' : 'You can carry on where you left off.'}
        </Text>
        <Button asChild size="3" className="welcome-back-button">
          <a
            href={path}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              void navigate({ href: path });
            }}
          >
            <ArrowLeftIcon aria-hidden="true" /> Back to {place}
          </a>
        </Button>
      </Flex>
    </Card>
  );
}

function screenName(pathname: string): string {
  if (pathname.startsWith('/messages')) return 'Messages';
  if (pathname.startsWith('/browse')) return 'Browse';
  if (pathname.startsWith('/profile/')) return 'the profile';
  if (pathname === '/profile') return 'your profile';
  if (pathname === '/community') return 'Community';
  return 'where you were';
}

function Step({
  icon,
  title,
  done,
  children,
}: {
  icon: ReactNode;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="welcome-step">
      <Card size="3" style={{ height: '100%' }}>
        <Flex direction="column" gap="3" height="100%">
          <Flex align="center" gap="2" justify="between">
            <Flex align="center" gap="2">
              <span aria-hidden="true" className="welcome-step-icon">
                {icon}
              </span>
              <Heading as="h2" size="4">
                {title}
              </Heading>
            </Flex>
            {done && (
              <Badge color="green" variant="soft" highContrast>
                Done
              </Badge>
            )}
          </Flex>
          {children}
        </Flex>
      </Card>
    </li>
  );
}

function VerifyStep({ user }: { user: SelfUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) {
    return (
      <Step icon={<CheckCircledIcon width="20" height="20" />} title="Verify your email" done>
        <Text as="p" color="gray" size="2">
          Your email address {user.email} is verified.
        </Text>
      </Step>
    );
  }
  return (
    <Step icon={<EnvelopeClosedIcon width="20" height="20" />} title="Verify your email">
      <Text as="p" color="gray" size="2">
        We sent a link to <strong>{user.email}</strong>. Open it to confirm your address, so members know you are real.
        The link works for 24 hours.
      </Text>
      <Flex mt="auto">
        <Button variant="soft" onClick={() => resend.mutate()} loading={resend.isPending}>
          Resend email
        </Button>
      </Flex>
    </Step>
  );
}

function FirstListingStep() {
  const [creating, setCreating] = useState(false);
  return (
    <Step icon={<PlusCircledIcon width="20" height="20" />} title="Create your first listing">
      <Text as="p" color="gray" size="2">
        Offer something you have or can do, with a photo, and say what you would like in return.
      </Text>
      <Flex mt="auto">
        <Button onClick={() => setCreating(true)}>Create Listing</Button>
      </Flex>
      <CreateListingDialog open={creating} onOpenChange={setCreating} />
    </Step>
  );
}

function BrowseNearbyStep({ user }: { user: SelfUser }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [town, setTown] = useState('');
  const [error, setError] = useState<string>();
  if (user.location) {
    return (
      <Step icon={<MagnifyingGlassIcon width="20" height="20" />} title="Browse nearby">
        <Text as="p" color="gray" size="2">
          See what neighbours around {user.location} are offering.
        </Text>
        <Flex mt="auto">
          <Button asChild variant="soft">
            <Link to="/browse" search={{ near: user.location }}>
              Browse near {user.location}
            </Link>
          </Button>
        </Flex>
      </Step>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const near = town.trim();
    if (!near) return setError('Enter your town to browse nearby');
    if (near.length > 100) return setError('Your town must be at most 100 characters');
    // Kept as the member's public location: the listing form and later searches start from it.
    update.mutate(
      { id: user.id, location: near },
      {
        onSuccess: () => void navigate({ to: '/browse', search: { near } }),
        onError: (failure) =>
          toast({
            title: 'Error updating profile',
            description: messageOf(failure, 'There was a problem updating your profile'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Step icon={<MagnifyingGlassIcon width="20" height="20" />} title="Browse nearby">
      <form onSubmit={submit} noValidate aria-label="Browse nearby">
        <Flex direction="column" gap="3">
          <Field label="Your town" error={error} hint="Shown on your profile as your public location.">
            {({ id, describedBy, invalid }) => (
              <PlaceInput
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                value={town}
                onValueChange={(value) => {
                  setTown(value);
                  setError(undefined);
                }}
                placeholder="e.g. Oakland, CA"
                maxLength={100}
                autoComplete="address-level2"
              />
            )}
          </Field>
          <Flex>
            <Button type="submit" variant="soft" loading={update.isPending}>
              Browse nearby
            </Button>
          </Flex>
        </Flex>
      </form>
    </Step>
  );
}
