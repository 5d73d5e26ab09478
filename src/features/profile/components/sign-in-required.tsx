import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';

/** Spec section 2: visitors asking for a profile they cannot see get 'Please sign in' and a link to /auth. */
export function SignInRequired() {
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="4" style={{ maxWidth: 480, width: '100%' }}>
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            Please sign in
          </Heading>
          <Text color="gray">Sign in to see member profiles and manage your own.</Text>
          <Button asChild>
            <Link to="/auth">Sign In</Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}

export function ProfileNotFound() {
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="4" style={{ maxWidth: 480, width: '100%' }}>
        <Flex direction="column" gap="3" align="start">
          <Heading as="h1" size="6">
            Profile not found
          </Heading>
          <Text color="gray">There is no member with that username. They may have changed it or deleted their account.</Text>
          <Button asChild variant="soft">
            <Link to="/browse">Browse Listings</Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
