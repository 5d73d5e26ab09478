import { Button, Callout, Flex, Link, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { TextInput } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { loginSchema } from '@/shared/schemas';
import { useLogin } from '../api';
import { fieldErrorsOf } from './api-errors';
import { PasswordInput } from './password-input';
import { afterSignIn } from '../redirect';

export function LoginForm({ redirect, onRegister }: { redirect?: string | undefined; onRegister: () => void }) {
  const form = useValibotForm(loginSchema, { username: '', password: '' });
  const login = useLogin();
  const navigate = useNavigate();
  // A refusal that is about the account, not the fields (a suspension): said in the form itself.
  const [refusal, setRefusal] = useState<string | null>(null);

  // mutateAsync, not mutate callbacks: the redirect unmounts this form before they would run.
  const submit = form.handleSubmit(async (input) => {
    setRefusal(null);
    try {
      const user = await login.mutateAsync(input);
      toast({ title: 'Logged in successfully', description: `Welcome back, ${user.displayName}!` });
      // Back to the page whose "Sign In…" link brought the member here, else home.
      void navigate({ href: afterSignIn(redirect), replace: true });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      if (error instanceof ApiError && error.status === 403) setRefusal(error.message);
      toast({
        title: 'Login failed',
        description: messageOf(error, 'Invalid username or password'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Flex direction="column" gap="4">
        {refusal && (
          <Callout.Root color="red" role="alert" data-testid="sign-in-refusal">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        )}
        <TextInput
          label="Username"
          value={form.values.username}
          onValueChange={(value) => form.setField('username', value)}
          error={form.errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordInput
          label="Password"
          value={form.values.password}
          onValueChange={(value) => form.setField('password', value)}
          error={form.errors.password}
          autoComplete="current-password"
          required
        />
        <Flex justify="end">
          <Link asChild underline="always" size="2">
            <RouterLink to="/forgot-password">Forgot password?</RouterLink>
          </Link>
        </Flex>
        <Button type="submit" size="3" loading={login.isPending}>
          Sign In
        </Button>
        <Text as="p" size="2" color="gray" align="center">
          New to Barter Market?{' '}
          <Link asChild underline="always">
            <button type="button" className="link-button" onClick={onRegister}>
              Create an account
            </button>
          </Link>
        </Text>
      </Flex>
    </form>
  );
}
