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
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import type { SelfUser } from '@/shared/contract/users';
import { useResendVerification } from '@/features/auth';
import { CreateListingDialog } from '@/features/listings';
import { listingDetailQuery } from '@/features/listings';
import { useUpdateProfile } from '@/features/profile';
import { PlaceInput } from '@/components/place-input';
import { bold, richText } from '@/lib/rich-text';
import './welcome.css';

export function WelcomeScreen({ user, redirect }: { user: SelfUser; redirect: string | undefined }) {
  usePageTitle(m.welcome_page_title());
  return (
    <div className="container page welcome">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size={{ initial: '6', sm: '8' }}>
          {m.welcome_title({ name: user.displayName })}
        </Heading>
        <Text as="p" color="gray" size="3">
          {m.welcome_lead()}
        </Text>
      </Flex>
      {redirect && <BackToWhereYouWere path={redirect} />}
      <Grid columns={{ initial: '1', md: '3' }} gap="4" asChild>
        <ol className="welcome-steps" aria-label={m.welcome_steps()}>
          <VerifyStep user={user} />
          <FirstListingStep />
          <BrowseNearbyStep user={user} />
        </ol>
      </Grid>
      <Flex justify="center" mt="6">
        <Button asChild variant="ghost" color="gray" highContrast>
          <Link to="/">{m.welcome_skip()}</Link>
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
  const back = listingId
    ? listing.data
      ? m.welcome_back_to_listing({ title: listing.data.title })
      : m.welcome_back_to_the_listing()
    : screenName(pathname)();
  return (
    <Card size="3" mb="5" className="welcome-back">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        gap="3"
        align={{ initial: 'start', sm: 'center' }}
        justify="between"
      >
        <Text as="p" size="3">
          {listingId ? m.welcome_back_offer() : m.welcome_back_carry_on()}
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
            <ArrowLeftIcon aria-hidden="true" /> {back}
          </a>
        </Button>
      </Flex>
    </Card>
  );
}

/** "Back to …" for a screen other than a listing, a whole phrase in each language. */
function screenName(pathname: string): () => string {
  if (pathname.startsWith('/messages')) return m.welcome_back_to_messages;
  if (pathname.startsWith('/browse')) return m.welcome_back_to_browse;
  if (pathname.startsWith('/profile/')) return m.welcome_back_to_profile;
  if (pathname === '/profile') return m.welcome_back_to_your_profile;
  if (pathname === '/community') return m.welcome_back_to_community;
  return m.welcome_back_to_where_you_were;
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
                {m.welcome_done()}
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
      <Step icon={<CheckCircledIcon width="20" height="20" />} title={m.welcome_verify_title()} done>
        <Text as="p" color="gray" size="2">
          {m.welcome_verified({ email: user.email })}
        </Text>
      </Step>
    );
  }
  return (
    <Step icon={<EnvelopeClosedIcon width="20" height="20" />} title={m.welcome_verify_title()}>
      <Text as="p" color="gray" size="2">
        {richText(m.welcome_verify_text({ email: user.email }), { b: bold })}
      </Text>
      <Flex mt="auto">
        <Button variant="soft" onClick={() => resend.mutate()} loading={resend.isPending}>
          {m.welcome_resend()}
        </Button>
      </Flex>
    </Step>
  );
}

function FirstListingStep() {
  const [creating, setCreating] = useState(false);
  return (
    <Step icon={<PlusCircledIcon width="20" height="20" />} title={m.welcome_listing_title()}>
      <Text as="p" color="gray" size="2">
        {m.welcome_listing_text()}
      </Text>
      <Flex mt="auto">
        <Button onClick={() => setCreating(true)}>{m.welcome_create_listing()}</Button>
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
      <Step icon={<MagnifyingGlassIcon width="20" height="20" />} title={m.welcome_browse_title()}>
        <Text as="p" color="gray" size="2">
          {m.welcome_browse_around({ place: user.location })}
        </Text>
        <Flex mt="auto">
          <Button asChild variant="soft">
            <Link to="/browse" search={{ near: user.location }}>
              {m.welcome_browse_near({ place: user.location })}
            </Link>
          </Button>
        </Flex>
      </Step>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const near = town.trim();
    if (!near) return setError(m.welcome_town_required());
    if (near.length > 100) return setError(m.welcome_town_too_long());
    // Kept as the member's public location: the listing form and later searches start from it.
    update.mutate(
      { id: user.id, location: near },
      {
        onSuccess: () => void navigate({ to: '/browse', search: { near } }),
        onError: (failure) =>
          toast({
            title: m.welcome_profile_error_title(),
            description: messageOf(failure, m.welcome_profile_error()),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <Step icon={<MagnifyingGlassIcon width="20" height="20" />} title={m.welcome_browse_title()}>
      <form onSubmit={submit} noValidate aria-label={m.welcome_browse_title()}>
        <Flex direction="column" gap="3">
          <Field label={m.welcome_town()} error={error} hint={m.welcome_town_hint()}>
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
                placeholder={m.welcome_town_placeholder()}
                maxLength={100}
                autoComplete="address-level2"
              />
            )}
          </Field>
          <Flex>
            <Button type="submit" variant="soft" loading={update.isPending}>
              {m.welcome_browse_title()}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Step>
  );
}
