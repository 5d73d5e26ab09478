// /settings/blocked: the members this member blocked, newest first, each with Unblock.
import { Callout, Card, Flex, Heading, Link as ThemeLink, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserAvatar } from '@/components/user-avatar';
import type { Block } from '@/shared/contract/blocks';
import { blocksQuery } from '../api';
import { UnblockButton } from './unblock-button';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';

export function BlockedMembersPage() {
  const blocks = useQuery({ ...blocksQuery, refetchOnMount: 'always' });
  return (
    <div className="container page settings-page">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="7">
          {m.blocks_title()}
        </Heading>
        <Text color="gray">
          {m.blocks_explained()} {m.blocks_page_lead()}
        </Text>
      </Flex>
      {blocks.isLoading ? (
        <Flex justify="center" p="6" role="status" aria-label={m.blocks_loading()}>
          <Spinner size="3" />
        </Flex>
      ) : blocks.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{m.blocks_load_failed()}</Callout.Text>
        </Callout.Root>
      ) : (blocks.data ?? []).length === 0 ? (
        <Card size="3" data-testid="blocked-empty">
          <Text as="p" color="gray" align="center">
            {m.blocks_none()}
          </Text>
        </Card>
      ) : (
        <ul className="settings-list" aria-label={m.blocks_title()}>
          {blocks.data!.map((block) => (
            <BlockedRow key={block.user.id} block={block} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BlockedRow({ block }: { block: Block }) {
  const { user } = block;
  return (
    <li>
      <Card size="2" data-testid="blocked-member">
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          <Flex align="center" gap="3" minWidth="0">
            <UserAvatar name={user.displayName} src={user.avatarUrl} size="3" />
            <Flex direction="column" minWidth="0">
              <ThemeLink asChild weight="medium" className="settings-name">
                <Link to="/profile/$username" params={{ username: user.username }}>
                  {user.displayName}
                </Link>
              </ThemeLink>
              <Text size="1" color="gray">
                {m.blocks_blocked_on({ date: fmt.date(block.createdAt, { dateStyle: 'medium' }) })}
              </Text>
            </Flex>
          </Flex>
          <UnblockButton member={user} />
        </Flex>
      </Card>
    </li>
  );
}
