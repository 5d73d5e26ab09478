import { Flex, Spinner } from '@radix-ui/themes';
import { createFileRoute } from '@tanstack/react-router';
import { MyReportsPage } from '../features/moderation/components/my-reports-page';
import { SignInRequired } from '../features/profile/components/sign-in-required';
import { usePageTitle } from '../lib/use-page-title';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

export const Route = createFileRoute('/settings/reports')({ component: ReportsRoute });

function ReportsRoute() {
  const { user, isLoading } = useCurrentUser();
  usePageTitle(m.moderation_your_reports());
  if (isLoading) {
    return (
      <Flex justify="center" p="9">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (!user) return <SignInRequired text={m.moderation_sign_in_reports()} />;

  return <MyReportsPage />;
}
