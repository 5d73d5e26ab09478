import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { messageOf } from '@/lib/api';
import * as m from '@/lib/messages';
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
        toast({ title: m.newsletter_almost_there(), description: reply.message });
        form.reset();
      },
      onError: (error) =>
        toast({
          title: m.newsletter_failed(),
          description: messageOf(error, m.newsletter_try_later()),
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
              {m.newsletter_title()}
            </Heading>
          </Flex>
          <Text as="p" color="gray" size="2">
            {m.newsletter_text()}
          </Text>
          <form onSubmit={submit} noValidate aria-label={m.newsletter_form()} style={{ maxWidth: 560 }}>
            <Flex gap="2" direction={{ initial: 'column', xs: 'row' }} align={{ initial: 'stretch', xs: 'end' }}>
              <Flex direction="column" gap="1" style={{ flex: 1 }}>
                <Text as="label" htmlFor={`${id}-email`} size="2" weight="medium">
                  {m.newsletter_email()}
                </Text>
                <TextField.Root
                  id={`${id}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder={m.newsletter_email_placeholder()}
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
                {m.newsletter_subscribe()}
              </Button>
            </Flex>
          </form>
          {subscribe.isSuccess && (
            <Callout.Root color="green" role="status">
              <Callout.Text>
                {subscribe.data.message} {m.newsletter_link_valid()}
              </Callout.Text>
            </Callout.Root>
          )}
        </Flex>
      </section>
    </Card>
  );
}
