import { Button, Callout, Flex, Link, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { TextInput } from '@/components/form-field';
import { messageOf } from '@/lib/api';
import { call } from '@/lib/api-client';
import { authRoutes } from '@/shared/contract/auth';
import { useValibotForm } from '@/lib/use-form';
import { usePageTitle } from '@/lib/use-page-title';
import { forgotPasswordSchema } from '@/shared/schemas';
import { fieldErrorsOf } from './api-errors';
import { AuthLayout } from './auth-layout';
import * as m from '@/lib/messages';

export function ForgotPasswordScreen() {
  usePageTitle(m.auth_forgot_title());
  const form = useValibotForm(forgotPasswordSchema, { email: '' });
  const request = useMutation({
    mutationFn: (input: { email: string }) => call(authRoutes.forgotPassword, { body: input }),
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });

  return (
    <AuthLayout title={m.auth_forgot_heading()} lead={m.auth_forgot_lead()}>
      {request.isSuccess ? (
        <Callout.Root color="green" role="status">
          <Callout.Text>{request.data.message}</Callout.Text>
        </Callout.Root>
      ) : (
        <form
          onSubmit={form.handleSubmit((input) => request.mutate(input))}
          noValidate
          aria-label={m.auth_forgot_form()}
        >
          <Flex direction="column" gap="4">
            <TextInput
              label={m.auth_email()}
              type="email"
              value={form.values.email}
              onValueChange={(value) => form.setField('email', value)}
              error={form.errors.email}
              autoComplete="email"
              inputMode="email"
              required
            />
            {request.isError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{messageOf(request.error, m.auth_something_wrong())}</Callout.Text>
              </Callout.Root>
            )}
            <Button type="submit" size="3" loading={request.isPending}>
              {m.auth_send_reset()}
            </Button>
          </Flex>
        </form>
      )}
      <Text as="p" size="2" color="gray">
        {m.auth_remembered()}{' '}
        <Link asChild underline="always">
          <RouterLink to="/login">{m.auth_back_to_sign_in()}</RouterLink>
        </Link>
      </Text>
    </AuthLayout>
  );
}
