import { Box, Card, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import './auth.css';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import * as m from '@/lib/messages';

export type AuthTab = 'login' | 'register';

/** /auth, /login and /signup: one screen; the path picks the first tab. */
export function AuthScreen({ initialTab, redirect }: { initialTab: AuthTab; redirect?: string | undefined }) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  usePageTitle(tab === 'login' ? m.auth_sign_in() : m.auth_register());
  return (
    <Flex justify="center" className="container page">
      <Card size={{ initial: '2', sm: '4' }} style={{ width: '100%', maxWidth: 600 }}>
        <Flex direction="column" gap="1" mb="4">
          <Heading as="h1" size="6">
            {m.auth_welcome()}
          </Heading>
          <Text as="p" color="gray" size="2">
            {redirect ? m.auth_lead_redirect() : m.auth_lead()}
          </Text>
        </Flex>
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
          <Tabs.List aria-label={m.auth_tabs()}>
            <Tabs.Trigger value="login">{m.auth_sign_in()}</Tabs.Trigger>
            <Tabs.Trigger value="register">{m.auth_register()}</Tabs.Trigger>
          </Tabs.List>
          <Box pt="4">
            <Tabs.Content value="login">
              <LoginForm redirect={redirect} onRegister={() => setTab('register')} />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterForm redirect={redirect} onSignIn={() => setTab('login')} />
            </Tabs.Content>
          </Box>
        </Tabs.Root>
      </Card>
    </Flex>
  );
}
