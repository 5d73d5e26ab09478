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

export function ForgotPasswordScreen() {
  usePageTitle('Forgot Password');
  const form = useValibotForm(forgotPasswordSchema, { email: '' });
  const request = useMutation({
    mutationFn: (input: { email: string }) => call(authRoutes.forgotPassword, { body: input }),
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <Callout.Root color="green" role="status">
          <Callout.Text>{request.data.message}</Callout.Text>
        </Callout.Root>
      ) : (
        <form
          onSubmit={form.handleSubmit((input) => request.mutate(input))}
          noValidate
          aria-label="Request a password reset link"
        >
          <Flex direction="column" gap="4">
            <TextInput
              label="Email"
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
                <Callout.Text>{messageOf(request.error, 'Something went wrong. Please try again.')}</Callout.Text>
              </Callout.Root>
            )}
            <Button type="submit" size="3" loading={request.isPending}>
              Send reset link
            </Button>
          </Flex>
        </form>
      )}
      <Text as="p" size="2" color="gray">
        Remembered it?{' '}
        <Link asChild underline="always">
          <RouterLink to="/login">Back to sign in</RouterLink>
        </Link>
      </Text>
    </AuthLayout>
  );
}
