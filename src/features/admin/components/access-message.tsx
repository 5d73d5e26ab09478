import { LockClosedIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useReturnHere } from '@/features/auth';
import * as m from '@/lib/messages';

/** What visitors and members see instead of the dashboard. */
export function AccessMessage({ signedIn }: { signedIn: boolean }) {
  const returnHere = useReturnHere();
  return (
    <Flex justify="center" className="container page">
      <Card size={{ initial: '3', sm: '4' }} style={{ width: '100%', maxWidth: 520 }}>
        <Flex direction="column" align="center" gap="3" style={{ textAlign: 'center' }}>
          <LockClosedIcon width="32" height="32" aria-hidden="true" color="var(--red-11)" />
          <Heading as="h1" size="6">
            {signedIn ? m.admin_access_required() : m.admin_access_denied()}
          </Heading>
          <Text as="p" color="gray">
            {signedIn ? m.admin_access_required_text() : m.admin_access_denied_text()}
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            {signedIn ? (
              <Button asChild variant="soft" highContrast>
                <Link to="/contact">{m.admin_contact()}</Link>
              </Button>
            ) : (
              <Button asChild>
                <Link to="/login" search={returnHere}>
                  {m.admin_sign_in()}
                </Link>
              </Button>
            )}
            <Button asChild variant="soft" highContrast color="gray">
              <Link to="/">{m.admin_go_home()}</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
