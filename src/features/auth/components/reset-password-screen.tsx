import { Button, Callout, Flex, Link, Text } from '@radix-ui/themes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import * as v from 'valibot';
import { ApiError, messageOf } from '@/lib/api';
import { call } from '@/lib/api-client';
import { authRoutes } from '@/shared/contract/auth';
import { passwordKeyFor } from '@/lib/password-key';
import { useValibotForm } from '@/lib/use-form';
import { usePageTitle } from '@/lib/use-page-title';
import { authKeys } from '@/lib/query-keys';
import { passwordField } from '@/shared/schemas';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import * as m from '@/lib/messages';

// The new password follows the register rule; the confirmation must match it.
const resetFormSchema = v.pipe(
  v.object({ password: passwordField, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      () => m.auth_passwords_mismatch(),
    ),
    ['confirmPassword'],
  ),
);

export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  usePageTitle(m.auth_reset_title());
  const form = useValibotForm(resetFormSchema, { password: '', confirmPassword: '' });
  const reset = useMutation({
    mutationFn: async (password: string) =>
      call(authRoutes.resetPassword, {
        body: {
          token: token ?? '',
          password,
          passwordKey: await passwordKeyFor({ resetToken: token ?? '' }, password),
        },
      }),
  });

  // The link is checked as the page opens (it only reads: the link stays usable), so a spent or
  // expired one says so before anything is typed. Only a 400 means the link is bad: with no answer
  // (offline, a limit) the form stays, and setting the password checks the link again.
  const check = useQuery({
    queryKey: authKeys.resetLink(token ?? ''),
    queryFn: () => call(authRoutes.checkResetLink, { body: { token: token ?? '' } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  if (!token) {
    return <BadLink message={m.auth_reset_incomplete()} />;
  }

  if (check.isPending) {
    return (
      <AuthLayout title={m.auth_reset_heading()}>
        <Text as="p" role="status" color="gray">
          {m.auth_reset_checking()}
        </Text>
      </AuthLayout>
    );
  }

  if (check.error instanceof ApiError && check.error.status === 400 && !reset.isSuccess) {
    return <BadLink message={m.auth_reset_expired()} />;
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={m.auth_reset_done()}>
        <Callout.Root color="green" role="status">
          <Callout.Text>{reset.data.message}</Callout.Text>
        </Callout.Root>
        <Button asChild size="3">
          <RouterLink to="/login">{m.auth_sign_in_link()}</RouterLink>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={m.auth_reset_heading()} lead={m.auth_reset_lead()}>
      <form
        onSubmit={form.handleSubmit((input) => reset.mutate(input.password))}
        noValidate
        aria-label={m.auth_reset_form()}
      >
        <Flex direction="column" gap="4">
          <PasswordInput
            label={m.auth_new_password()}
            value={form.values.password}
            onValueChange={(value) => form.setField('password', value)}
            error={form.errors.password}
            hint={m.auth_password_hint()}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={m.auth_confirm_new_password()}
            value={form.values.confirmPassword}
            onValueChange={(value) => form.setField('confirmPassword', value)}
            error={form.errors.confirmPassword}
            autoComplete="new-password"
            required
          />
          {reset.isError && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{messageOf(reset.error, m.auth_reset_failed())}</Callout.Text>
            </Callout.Root>
          )}
          <Button type="submit" size="3" loading={reset.isPending}>
            {m.auth_reset_button()}
          </Button>
        </Flex>
      </form>
      <RequestNewLink />
    </AuthLayout>
  );
}

/** A link that cannot set a password: why, and a button to ask for a new one. */
function BadLink({ message }: { message: string }) {
  return (
    <AuthLayout title={m.auth_reset_heading()}>
      <Callout.Root color="red" role="alert" data-testid="reset-link-invalid">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Button asChild size="3">
        <RouterLink to="/forgot-password">{m.auth_request_new_link()}</RouterLink>
      </Button>
    </AuthLayout>
  );
}

function RequestNewLink() {
  return (
    <Text as="p" size="2" color="gray">
      {m.auth_link_expired()}{' '}
      <Link asChild underline="always">
        <RouterLink to="/forgot-password">{m.auth_request_new_link()}</RouterLink>
      </Link>
    </Text>
  );
}
