import { Button, Flex, Link, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { FormError, TextInput } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import { loginSchema } from '@/shared/schemas';
import { useLogin } from '../api';
import { fieldErrorsOf, formErrorOf } from './api-errors';
import { PasswordInput } from './password-input';
import { afterSignIn } from '../redirect';
import * as m from '@/lib/messages';
import { locale } from '@/lib/locale';

export function LoginForm({ redirect, onRegister }: { redirect?: string | undefined; onRegister: () => void }) {
  const form = useValibotForm(loginSchema, { username: '', password: '' });
  const login = useLogin();
  const navigate = useNavigate();
  // What went wrong, said at the form (the toast may also say it): a wrong username or password
  // (both fields point to it: which one is wrong is not told), a suspension, a limit, no connection.
  const errorId = `${useId()}-error`;
  const [failure, setFailure] = useState<{ message: string; status: number | null } | null>(null);
  const blamesFields = failure?.status === 401 ? errorId : undefined;

  // mutateAsync, not mutate callbacks: the redirect unmounts this form before they would run.
  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const user = await login.mutateAsync(input);
      // A browser with no language of its own took the account's (decision 070): the page after
      // signing in loads in it, as a full page (each language's words come with the page).
      // (Read here, not with src/shared/locale.ts's cookieOf: the home page's code would then export it.)
      const saved = /(?:^|;\s*)lang=([a-z]+)/.exec(document.cookie)?.[1];
      if (saved !== undefined && saved !== locale.language) return location.replace(afterSignIn(redirect));
      toast({ title: m.auth_logged_in(), description: m.auth_welcome_back({ name: user.displayName }) });
      // Back to the page whose "Sign In…" link brought the member here, else home.
      void navigate({ href: afterSignIn(redirect), replace: true });
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      const message = formErrorOf(error, m.auth_sign_in_offline());
      if (message) setFailure({ message, status: error instanceof ApiError ? error.status : null });
      toast({
        title: m.auth_login_failed(),
        description: messageOf(error, m.auth_invalid_login()),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={m.auth_sign_in_form()}>
      <Flex direction="column" gap="4">
        {failure && (
          <FormError
            id={errorId}
            message={failure.message}
            // A suspension's refusal keeps its own name (the moderation tests read it).
            testId={failure.status === 403 ? 'sign-in-refusal' : 'form-error'}
          />
        )}
        <TextInput
          label={m.auth_username()}
          value={form.values.username}
          onValueChange={(value) => form.setField('username', value)}
          error={form.errors.username}
          formErrorId={blamesFields}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordInput
          label={m.auth_password()}
          value={form.values.password}
          onValueChange={(value) => form.setField('password', value)}
          error={form.errors.password}
          formErrorId={blamesFields}
          autoComplete="current-password"
          required
        />
        <Flex justify="end">
          <Link asChild underline="always" size="2">
            <RouterLink to="/forgot-password">{m.auth_forgot()}</RouterLink>
          </Link>
        </Flex>
        <Button type="submit" size="3" loading={login.isPending}>
          {m.auth_sign_in()}
        </Button>
        <Text as="p" size="2" color="gray" align="center">
          {m.auth_new_here()}{' '}
          <Link asChild underline="always">
            <button type="button" className="link-button" onClick={onRegister}>
              {m.auth_create_an_account()}
            </button>
          </Link>
        </Text>
      </Flex>
    </form>
  );
}
