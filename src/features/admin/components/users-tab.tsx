import { AlertDialog, Badge, Button, Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import type { SelfUser } from '@/shared/contract/users';
import { adminUsersQuery, serverSearch, useMakeAdmin } from '../api';
import { AdminTablePanel } from './admin-table-panel';
import { LoadMore } from './load-more';

const matches = (user: SelfUser, query: string) =>
  [user.displayName, user.username, user.email].some((field) => field.toLowerCase().includes(query));

export function UsersTab() {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  // Three characters or more search every member on the server; fewer filter the loaded pages.
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    ...adminUsersQuery(serverSearch(query)),
    placeholderData: keepPreviousData,
  });
  const users = data?.pages.flatMap((page) => page.items);
  const total = data?.pages[0]?.total;
  const shown = (users ?? []).filter((user) => matches(user, query));

  return (
    <AdminTablePanel
      title={m.admin_users()}
      loadError={m.admin_users_failed}
      summary={
        total !== undefined
          ? (fmt.one(total) ? m.admin_users_summary_one : m.admin_users_summary_other)({ total: fmt.number(total) })
          : m.admin_users_loading()
      }
      searchLabel={m.admin_users_search()}
      searchPlaceholder={m.admin_users_search_placeholder()}
      search={search}
      onSearch={setSearch}
      error={error}
      columns={[
        m.admin_col_member(),
        m.admin_col_role(),
        m.admin_col_actions(),
        m.admin_col_email(),
        m.admin_col_joined(),
      ]}
      isPending={isPending}
      empty={users && shown.length === 0 ? m.admin_users_no_match({ search }) : null}
      footer={
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          onLoad={() => void fetchNextPage()}
          label={m.admin_users_more()}
        />
      }
    >
      {shown.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
    </AdminTablePanel>
  );
}

function UserRow({ user }: { user: SelfUser }) {
  return (
    <Table.Row align="center" data-testid={`admin-user-${user.username}`}>
      <Table.RowHeaderCell>
        <Flex direction="column">
          <RadixLink asChild weight="medium">
            <Link to="/profile/$username" params={{ username: user.username }}>
              {user.displayName}
            </Link>
          </RadixLink>
          <Text size="1" color="gray">
            @{user.username}
          </Text>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>
        {user.isAdmin ? (
          <Badge highContrast color="teal" variant="soft">
            {m.admin_role_admin()}
          </Badge>
        ) : (
          <Badge highContrast color="gray">
            {m.admin_role_member()}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>{!user.isAdmin && <MakeAdminButton user={user} />}</Table.Cell>
      <Table.Cell>
        <Flex direction="column" gap="1" align="start">
          <Text size="2">{user.email}</Text>
          {!user.emailVerified && (
            <Badge highContrast color="amber" size="1">
              {m.admin_unverified()}
            </Badge>
          )}
        </Flex>
      </Table.Cell>
      <Table.Cell>{fmt.date(user.createdAt, { year: 'numeric', month: 'short', day: 'numeric' })}</Table.Cell>
    </Table.Row>
  );
}

function MakeAdminButton({ user }: { user: SelfUser }) {
  const makeAdmin = useMakeAdmin();
  // mutateAsync: on success this row loses its button, and mutate's callbacks would go with it.
  const grant = async () => {
    try {
      await makeAdmin.mutateAsync(user.id);
      toast({ title: m.admin_granted(), description: m.admin_granted_text({ name: user.displayName }) });
    } catch (error) {
      toast({
        title: m.admin_grant_failed(),
        description: messageOf(error, m.admin_try_again()),
        variant: 'destructive',
      });
    }
  };
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button
          size="1"
          variant="soft"
          highContrast
          loading={makeAdmin.isPending}
          aria-label={m.admin_make_admin_label({ name: user.displayName })}
        >
          {m.admin_make_admin()}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{m.admin_make_admin_title({ name: user.displayName })}</AlertDialog.Title>
        <AlertDialog.Description size="2">{m.admin_make_admin_text()}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" highContrast color="gray">
              {m.admin_cancel()}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={() => void grant()}>{m.admin_make_admin()}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
