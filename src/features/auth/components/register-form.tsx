import { Button, Flex, Grid, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { TextAreaInput, TextInput } from '../../../components/form-field';
import { messageOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useValibotForm } from '../../../lib/use-form';
import { registerSchema } from '../../../shared/schemas';
import { useRegister } from '../api';
import { fieldErrorsOf } from './api-errors';
import { PasswordInput } from './password-input';

const EMPTY = { username: '', password: '', email: '', displayName: '', nickname: '', address: '', location: '', bio: '', avatarUrl: '' };
type Values = typeof EMPTY;

export function RegisterForm({ onSignIn }: { onSignIn: () => void }) {
  const form = useValibotForm(registerSchema, EMPTY);
  const register = useRegister();
  const navigate = useNavigate();

  const submit = form.handleSubmit(async (input) => {
    try {
      const user = await register.mutateAsync(input);
      toast({ title: 'Registration successful', description: `Welcome to Barter Market, ${user.displayName}!` });
      void navigate({ to: '/' });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast({ title: 'Registration failed', description: messageOf(error, 'There was an error creating your account'), variant: 'destructive' });
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
          <PasswordInput label="Password" {...bind('password')} hint="Use letters and numbers, at least 8 characters." autoComplete="new-password" required />
          <TextInput label="Email" type="email" {...bind('email')} autoComplete="email" inputMode="email" required />
          <TextInput label="Full Name" {...bind('displayName')} autoComplete="name" required />
          <TextInput label="Nickname" {...bind('nickname')} hint="Optional. What neighbours can call you." autoComplete="nickname" />
          <TextInput label="Public Location" {...bind('location')} hint="Shown on your profile, e.g. Oakland, CA." autoComplete="address-level2" />
        </Grid>
        <TextInput label="Address" {...bind('address')} hint="Private: only you can see it." autoComplete="street-address" />
        <TextAreaInput label="Bio" {...bind('bio')} hint="A few words about you and what you like to trade." rows={3} />
        <TextInput label="Avatar URL" type="url" {...bind('avatarUrl')} hint="Optional link to a profile picture (https://…)." inputMode="url" />
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
