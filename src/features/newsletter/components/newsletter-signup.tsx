import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { newsletterSubscribeSchema } from '@/shared/schemas/community';
import { useSubscribe } from '../api';

/** The community page's newsletter box: double opt-in, so the reply asks to check the inbox. */
export function NewsletterSignup() {
  const id = useId();
  const form = useValibotForm(newsletterSubscribeSchema, { email: '' });
  const subscribe = useSubscribe();
  const submit = form.handleSubmit((input) =>
    subscribe.mutate(input, {
      onSuccess: (reply) => {
        toast({ title: 'Almost there!', description: reply.message });
        form.reset();
      },
      onError: (error) =>
        toast({
          title: 'Subscription failed',
          description: messageOf(error, 'Please try again later.'),
          variant: 'destructive',
        }),
    }),
  );
  const errorId = `${id}-error`;

  return (
    <Card size={{ initial: '2', sm: '3' }} id="newsletter" asChild>
      <section aria-labelledby={`${id}-title`}>
        <Flex direction="column" gap="3">
          <Flex align="center" gap="2">
            <EnvelopeClosedIcon width="20" height="20" aria-hidden="true" />
            <Heading as="h2" size="5" id={`${id}-title`}>
              Community Newsletter
            </Heading>
          </Flex>
          <Text as="p" color="gray" size="2">
            A short monthly email with upcoming events, new kinds of listings near you and stories from neighbours. No
            spam; unsubscribe with one click.
          </Text>
          <form onSubmit={submit} noValidate aria-label="Subscribe to the newsletter" style={{ maxWidth: 560 }}>
            <Flex gap="2" direction={{ initial: 'column', xs: 'row' }} align={{ initial: 'stretch', xs: 'end' }}>
              <Flex direction="column" gap="1" style={{ flex: 1 }}>
                <Text as="label" htmlFor={`${id}-email`} size="2" weight="medium">
                  Email address
                </Text>
                <TextField.Root
                  id={`${id}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  size="3"
                  value={form.values.email}
                  onChange={(e) => form.setField('email', e.target.value)}
                  aria-invalid={form.errors.email ? true : undefined}
                  aria-describedby={form.errors.email ? errorId : undefined}
                />
                {form.errors.email && (
                  <Text id={errorId} size="1" color="red" role="alert" data-testid="field-error">
                    {form.errors.email}
                  </Text>
                )}
              </Flex>
              <Button type="submit" size="3" loading={subscribe.isPending}>
                Subscribe
              </Button>
            </Flex>
          </form>
          {subscribe.isSuccess && (
            <Callout.Root color="green" role="status">
              <Callout.Text>{subscribe.data.message} The link in the email is valid for 48 hours.</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
      </section>
    </Card>
  );
}
