import { Button, Callout, Flex } from '@radix-ui/themes';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import * as m from '@/lib/messages';

/** A route's error boundary: says what failed and offers a retry, never a blank page. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Flex justify="center" p="6">
      <Callout.Root color="red" role="alert" style={{ maxWidth: 560 }}>
        <Callout.Text>
          {m.common_something_wrong({ error: error instanceof Error ? error.message : m.common_unknown_error() })}
        </Callout.Text>
        <Button
          mt="2"
          variant="soft"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {m.common_try_again()}
        </Button>
      </Callout.Root>
    </Flex>
  );
}
