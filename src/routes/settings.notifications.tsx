import { Flex, Heading, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import PushSettings from '../features/push/components/push-settings';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

// The member's notification settings (decision 067), linked from their profile beside Blocked
// members and Your reports: a page of its own, so the profile's code carries none of it.
export const Route = createFileRoute('/settings/notifications')({ component: NotificationSettingsRoute });

function NotificationSettingsRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.push_title());
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired text={m.push_sign_in()} />;
  return (
    <div className="container page settings-page">
      <Flex direction="column" gap="4" maxWidth="640px">
        <Heading as="h1" size="7">
          {m.push_title()}
        </Heading>
        <PushSettings userId={user.id} />
      </Flex>
    </div>
  );
}
