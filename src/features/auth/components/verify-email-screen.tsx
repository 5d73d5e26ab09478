import { CheckCircledIcon, CrossCircledIcon, QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/api-client';
import { authRoutes } from '@/shared/contract/auth';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { authKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const REDIRECT_HOME_MS = 3000;

// A query, not an effect that posts: the token is single use, and a query runs once per token
// however often the screen mounts (React's development double mount included).
const verifyQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => call(authRoutes.verifyEmail, { query: { token } }),
    retry: false,
    staleTime: Infinity,
  });

export function VerifyEmailScreen({ token }: { token: string | undefined }) {
  usePageTitle(m.auth_verify_title());
  if (!token) {
    return (
      <StatusCard
        icon={<QuestionMarkCircledIcon width="32" height="32" />}
        color="var(--amber-11)"
        title={m.auth_invalid_link()}
      >
        <Text as="p" color="gray">
          {m.auth_no_token()}
        </Text>
        <Text as="p" color="gray" size="2">
          {m.auth_no_token_help()}
        </Text>
        <HomeButton />
      </StatusCard>
    );
  }
  return <VerifyToken token={token} />;
}

function VerifyToken({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, error, isPending } = useQuery(verifyQuery(token));
  const { user, isLoading: userLoading } = useCurrentUser();
  const announced = useRef(false);
  const failure = error
    ? error instanceof ApiError && !error.message.startsWith(`${error.status}:`)
      ? error.message
      : m.auth_verify_failed_text()
    : null;
  // A link opened again (single use) by a member who is signed in and already verified: nothing
  // failed for them, so the screen says so instead of the failure.
  const alreadyVerified = Boolean(error && user?.emailVerified);

  useEffect(() => {
    if (announced.current || isPending || (error && userLoading)) return;
    announced.current = true;
    if (alreadyVerified) return;
    if (data) {
      toast({ title: m.auth_verified(), description: data.message });
      // The banner and profile read emailVerified from the current user.
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
    } else {
      toast({
        title: m.auth_verify_failed(),
        description: failure ?? m.auth_verify_failed_text(),
        variant: 'destructive',
      });
    }
  }, [data, error, failure, isPending, userLoading, alreadyVerified, queryClient]);

  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), REDIRECT_HOME_MS);
    return () => clearTimeout(timer);
  }, [data, navigate]);

  if (isPending || (error && userLoading)) {
    return (
      <StatusCard icon={<Spinner size="3" />} title={m.auth_verifying()}>
        <Text as="p" color="gray" role="status">
          {m.auth_verifying_text()}
        </Text>
      </StatusCard>
    );
  }
  if (data) {
    return (
      <StatusCard icon={<CheckCircledIcon width="32" height="32" />} color="var(--green-11)" title={m.auth_verified()}>
        <Text as="p" color="gray" role="status">
          {data.message}
        </Text>
        <Text as="p" color="gray" size="2">
          {m.auth_verified_thanks()}
        </Text>
        <HomeButton />
      </StatusCard>
    );
  }
  if (alreadyVerified) {
    return (
      <StatusCard
        icon={<CheckCircledIcon width="32" height="32" />}
        color="var(--green-11)"
        title={m.auth_already_verified()}
      >
        <Text as="p" color="gray" role="status">
          {m.auth_already_verified_text({ email: user!.email })}
        </Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <HomeButton />
          <Button asChild variant="soft" highContrast>
            <RouterLink to="/browse">{m.layout_footer_browse_listings()}</RouterLink>
          </Button>
        </Flex>
      </StatusCard>
    );
  }
  return (
    <StatusCard icon={<CrossCircledIcon width="32" height="32" />} color="var(--red-11)" title={m.auth_verify_failed()}>
      <Text as="p" color="gray" role="alert">
        {failure}
      </Text>
      <Text as="p" color="gray" size="2">
        {m.auth_verify_failed_help()}
      </Text>
      <Flex gap="3" wrap="wrap" justify="center">
        <HomeButton />
        <Button asChild variant="soft" highContrast>
          <RouterLink to="/login">{m.auth_sign_in()}</RouterLink>
        </Button>
      </Flex>
    </StatusCard>
  );
}

function StatusCard({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Flex justify="center" className="container page">
      <Card size={{ initial: '3', sm: '4' }} style={{ width: '100%', maxWidth: 480 }}>
        <Flex direction="column" align="center" gap="3" style={{ textAlign: 'center' }}>
          <span aria-hidden="true" style={{ color, display: 'inline-flex' }}>
            {icon}
          </span>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}

function HomeButton() {
  return (
    <Button asChild>
      <RouterLink to="/">{m.auth_go_home()}</RouterLink>
    </Button>
  );
}
