import { AlertDialog, Badge, Button, Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { SelfUser } from '@/shared/contract/users';
import { adminUsersQuery, serverSearch, useMakeAdmin } from '../api';
import { AdminTablePanel } from './admin-table-panel';
import { LoadMore } from './load-more';
import { fmt } from '@/lib/intl';

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
      title="Users"
      summary={total !== undefined ? `${total} member${total === 1 ? '' : 's'}, newest first` : 'Loading members…'}
      searchLabel="Search users"
      searchPlaceholder="Search by name, username or email"
      search={search}
      onSearch={setSearch}
      error={error}
      columns={['Member', 'Role', 'Actions', 'Email', 'Joined']}
      isPending={isPending}
      empty={users && shown.length === 0 ? `No users match “${search}”.` : null}
      footer={
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          onLoad={() => void fetchNextPage()}
          label="Load more members"
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
            Admin
          </Badge>
        ) : (
          <Badge highContrast color="gray">
            Member
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>{!user.isAdmin && <MakeAdminButton user={user} />}</Table.Cell>
      <Table.Cell>
        <Flex direction="column" gap="1" align="start">
          <Text size="2">{user.email}</Text>
          {!user.emailVerified && (
            <Badge highContrast color="amber" size="1">
              Unverified
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
      toast({ title: 'User granted admin privileges', description: `${user.displayName} is now an admin.` });
    } catch (error) {
      toast({
        title: 'Failed to update user permissions',
        description: messageOf(error, 'Please try again.'),
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
          aria-label={`Make Admin: ${user.displayName}`}
        >
          Make Admin
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Make {user.displayName} an admin?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Admins can see every member’s email address, feature listings and make other members admins. This cannot be
          undone from the dashboard.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" highContrast color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={() => void grant()}>Make Admin</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
