import { Button, Flex, Grid, Link, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { FormError, TextInput } from '@/components/form-field';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { registerSchema } from '@/shared/schemas';
import { useRegister } from '../api';
import { fieldErrorsOf, formErrorOf } from './api-errors';
import { PasswordInput } from './password-input';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';

// Only what an account needs (username, password, email and full name; docs/front-end.md).
// Nickname, location, address, bio and the profile image are asked on the profile later; the API
// still accepts them all here (docs/front-end.md "Sign-up asks only what it must").
const EMPTY = { username: '', password: '', email: '', displayName: '' };
type Values = typeof EMPTY;

export function RegisterForm({ redirect, onSignIn }: { redirect?: string | undefined; onSignIn: () => void }) {
  const form = useValibotForm(registerSchema, EMPTY);
  const register = useRegister();
  const navigate = useNavigate();
  // A failure no field carries (a limit, no connection), said at the form as well as in the toast.
  const errorId = `${useId()}-error`;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const user = await register.mutateAsync(input);
      toast({ title: m.auth_registered(), description: m.auth_welcome_name({ name: user.displayName }) });
      // The "what next" screen: verify the email, a first listing, browsing nearby; and back to
      // the page the member came from first when there was one.
      void navigate({ to: '/welcome', search: redirect ? { redirect } : {}, replace: true });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      setFailure(formErrorOf(error, m.auth_register_offline()));
      toast({
        title: m.auth_register_failed(),
        description: messageOf(error, m.auth_register_error()),
        variant: 'destructive',
      });
    }
  });

  const bind = (name: keyof Values) => ({
    value: form.values[name],
    onValueChange: (value: string) => form.setField(name, value),
    error: form.errors[name],
  });

  return (
    <form onSubmit={submit} noValidate aria-label={m.auth_register()}>
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <TextInput
            label={m.auth_username()}
            {...bind('username')}
            hint={m.auth_username_hint()}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <PasswordInput
            label={m.auth_password()}
            {...bind('password')}
            hint={m.auth_password_hint()}
            autoComplete="new-password"
            required
          />
          <TextInput
            label={m.auth_email()}
            type="email"
            {...bind('email')}
            hint={m.auth_email_hint()}
            autoComplete="email"
            inputMode="email"
            required
          />
          <TextInput
            label={m.auth_full_name()}
            {...bind('displayName')}
            hint={m.auth_full_name_hint()}
            autoComplete="name"
            required
          />
        </Grid>
        <Text as="p" size="2" color="gray">
          {m.auth_profile_later()}
        </Text>
        <Text as="p" size="2" color="gray">
          {richText(m.auth_agree, {
            terms: (
              <Link asChild underline="always">
                <RouterLink to="/terms">{m.layout_footer_terms()}</RouterLink>
              </Link>
            ),
            privacy: (
              <Link asChild underline="always">
                <RouterLink to="/privacy">{m.layout_footer_privacy()}</RouterLink>
              </Link>
            ),
          })}
        </Text>
        {failure && <FormError id={errorId} message={failure} />}
        <Button type="submit" size="3" loading={register.isPending}>
          {m.auth_create_account()}
        </Button>
        <Text as="p" size="2" color="gray" align="center">
          {m.auth_have_account()}{' '}
          <Link asChild underline="always">
            <button type="button" className="link-button" onClick={onSignIn}>
              {m.auth_sign_in_link()}
            </button>
          </Link>
        </Text>
      </Flex>
    </form>
  );
}
