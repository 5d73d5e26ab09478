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
      toast({ title: 'Registration successful', description: `Welcome to Barter Market, ${user.displayName}!` });
      // The "what next" screen: verify the email, a first listing, browsing nearby; and back to
      // the page the member came from first when there was one.
      void navigate({ to: '/welcome', search: redirect ? { redirect } : {}, replace: true });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      setFailure(formErrorOf(error, 'Could not create your account. Check your connection and try again.'));
      toast({
        title: 'Registration failed',
        description: messageOf(error, 'There was an error creating your account'),
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
    <form onSubmit={submit} noValidate aria-label="Register">
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <TextInput
            label="Username"
            {...bind('username')}
            hint="Your username cannot be changed later."
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <PasswordInput
            label="Password"
            {...bind('password')}
            hint="Use letters and numbers, at least 8 characters."
            autoComplete="new-password"
            required
          />
          <TextInput
            label="Email"
            type="email"
            {...bind('email')}
            hint="We send a link to confirm it."
            autoComplete="email"
            inputMode="email"
            required
          />
          <TextInput
            label="Full Name"
            {...bind('displayName')}
            hint="Your display name: how other members see you."
            autoComplete="name"
            required
          />
        </Grid>
        <Text as="p" size="2" color="gray">
          Your town, a photo and a few words about you can be added on your profile afterwards.
        </Text>
        <Text as="p" size="2" color="gray">
          By creating an account you agree to our{' '}
          <Link asChild underline="always">
            <RouterLink to="/terms">Terms of Service</RouterLink>
          </Link>{' '}
          and{' '}
          <Link asChild underline="always">
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </Link>
          .
        </Text>
        {failure && <FormError id={errorId} message={failure} />}
        <Button type="submit" size="3" loading={register.isPending}>
          Create Account
        </Button>
        <Text as="p" size="2" color="gray" align="center">
          Already have an account?{' '}
          <Link asChild underline="always">
            <button type="button" className="link-button" onClick={onSignIn}>
              Sign in
            </button>
          </Link>
        </Text>
      </Flex>
    </form>
  );
}
