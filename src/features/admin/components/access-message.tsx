import { LockClosedIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useReturnHere } from '@/features/auth';

/** What visitors and members see instead of the dashboard. */
export function AccessMessage({ signedIn }: { signedIn: boolean }) {
  const returnHere = useReturnHere();
  return (
    <Flex justify="center" className="container page">
      <Card size={{ initial: '3', sm: '4' }} style={{ width: '100%', maxWidth: 520 }}>
        <Flex direction="column" align="center" gap="3" style={{ textAlign: 'center' }}>
          <LockClosedIcon width="32" height="32" aria-hidden="true" color="var(--red-11)" />
          <Heading as="h1" size="6">
            {signedIn ? 'Admin Access Required' : 'Access Denied'}
          </Heading>
          <Text as="p" color="gray">
            {signedIn
              ? 'You need admin privileges to access this dashboard. Contact an administrator if you believe this is an error.'
              : 'Please log in to access the admin dashboard.'}
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            {signedIn ? (
              <Button asChild variant="soft" highContrast>
                <Link to="/contact">Contact an administrator</Link>
              </Button>
            ) : (
              <Button asChild>
                <Link to="/login" search={returnHere}>
                  Sign In
                </Link>
              </Button>
            )}
            <Button asChild variant="soft" highContrast color="gray">
              <Link to="/">Go Home</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
