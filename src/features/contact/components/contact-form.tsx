import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { TextAreaInput, TextInput } from '@/components/form-field';
import { ApiError } from '@/lib/api';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { contactSchema } from '@/shared/schemas';
import { useSendContactMessage } from '../api';
import { useCurrentUser } from '@/lib/current-user';

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
          title: m.contact_sent(),
          description: m.contact_sent_text(),
        });
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.errors);
        toast({ title: m.contact_error(), description: m.contact_failed(), variant: 'destructive' });
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
          <Callout.Text weight="bold">{m.contact_thanks()}</Callout.Text>
          <Callout.Text>{m.contact_thanks_text()}</Callout.Text>
        </Callout.Root>
        <Button
          variant="soft"
          highContrast
          onClick={() => {
            form.reset({ ...initial, subject: '', message: '' });
            setSent(false);
          }}
        >
          {m.contact_send_another()}
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
    <form onSubmit={submit} noValidate aria-label={m.contact_form()}>
      <Flex direction="column" gap="4">
        <Flex gap="4" direction={{ initial: 'column', sm: 'row' }}>
          <div style={{ flex: 1 }}>
            <TextInput label={m.contact_name()} {...bind('name')} autoComplete="name" />
          </div>
          <div style={{ flex: 1 }}>
            <TextInput
              label={m.contact_email()}
              type="email"
              inputMode="email"
              {...bind('email')}
              autoComplete="email"
            />
          </div>
        </Flex>
        <TextInput label={m.contact_subject()} {...bind('subject')} />
        <TextAreaInput label={m.contact_message()} {...bind('message')} rows={6} hint={m.contact_message_hint()} />
        <div>
          <Button type="submit" size="3" loading={send.isPending}>
            {m.contact_send()}
          </Button>
        </div>
      </Flex>
    </form>
  );
}
