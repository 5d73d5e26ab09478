import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { TextAreaInput, TextInput } from '@/components/form-field';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { contactSchema } from '@/shared/schemas';
import { useSendContactMessage } from '../api';
import { useCurrentUser } from '@/lib/current-user';

const FAILED = 'Failed to send message. Please try again or contact us directly.';

/** On success the form is replaced by a thank-you alert. */
export function ContactForm() {
  const { user } = useCurrentUser();
  const initial = { name: user?.displayName ?? '', email: user?.email ?? '', subject: '', message: '' };
  const form = useValibotForm(contactSchema, initial);
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);

  const submit = form.handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: () => {
        setSent(true);
        toast({
          title: 'Message sent!',
          description: 'Thank you for reaching out. We will get back to you within 24 hours.',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.errors);
        toast({ title: 'Error', description: FAILED, variant: 'destructive' });
      },
    }),
  );

  if (sent) {
    return (
      <Flex direction="column" gap="3" align="start">
        <Callout.Root color="green" role="status" size="2" style={{ width: '100%' }}>
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text weight="bold">Thank you for your message!</Callout.Text>
          <Callout.Text>
            We have received it and will get back to you within 24 hours at the email address you gave.
          </Callout.Text>
        </Callout.Root>
        <Button
          variant="soft"
          highContrast
          onClick={() => {
            form.reset({ ...initial, subject: '', message: '' });
            setSent(false);
          }}
        >
          Send another message
        </Button>
      </Flex>
    );
  }

  const bind = (name: 'name' | 'email' | 'subject' | 'message') => ({
    value: form.values[name],
    onValueChange: (value: string) => form.setField(name, value),
    error: form.errors[name],
    required: true,
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Flex direction="column" gap="4">
        <Flex gap="4" direction={{ initial: 'column', sm: 'row' }}>
          <div style={{ flex: 1 }}>
            <TextInput label="Name" {...bind('name')} autoComplete="name" />
          </div>
          <div style={{ flex: 1 }}>
            <TextInput label="Email" type="email" inputMode="email" {...bind('email')} autoComplete="email" />
          </div>
        </Flex>
        <TextInput label="Subject" {...bind('subject')} />
        <TextAreaInput label="Message" {...bind('message')} rows={6} hint="Between 10 and 1000 characters." />
        <div>
          <Button type="submit" size="3" loading={send.isPending}>
            Send Message
          </Button>
        </div>
      </Flex>
    </form>
  );
}
