import { BookmarkFilledIcon, BookmarkIcon, ChevronDownIcon } from '@radix-ui/react-icons';
import { Button, DropdownMenu } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { storedSearchCreateSchema } from '@/shared/schemas';
import type { StoredSearch } from '@/shared/contract/stored-searches';
import { savedSearchesQuery, useDeleteSavedSearch, useSaveSearch, useUpdateSavedSearch } from '../api';
import { useCurrentUser } from '@/lib/current-user';
import { FREQUENCY_CHOICES, frequencySaved, isFrequency } from '../frequency';

/** Letters' case aside as the server compares them (SQLite's lower(): A-Z only). */
const fold = (text: string | null | undefined) => (text ?? '').trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
const categoryOf = (category: string | null | undefined) =>
  !category || category.trim() === '' || category.trim() === 'all' ? '' : category.trim();

/** The member's saved search that this Browse search repeats, if any (the server refuses a second). */
export function savedMatch(list: readonly StoredSearch[] | undefined, query?: string, category?: string) {
  return list?.find((s) => fold(s.query) === fold(query) && categoryOf(s.category) === categoryOf(category));
}

/**
 * Saves the current Browse search with notifications on. Signed-in members only. Once saved it
 * says "Saved" (issue 25, item 11) and opens a menu to mute or unmute its alerts, choose how often
 * its matches are emailed (decision 063, "Digest frequency") or delete it; focus stays on the button
 * as it changes from one to the other.
 */
export function SaveSearchButton({ query, category }: { query?: string; category?: string }) {
  const { user } = useCurrentUser();
  const save = useSaveSearch();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const searches = useQuery({ ...savedSearchesQuery(user?.id ?? 0), enabled: Boolean(user) });
  const match = savedMatch(searches.data, query, category);
  // The shown button is replaced when the search is saved or deleted: focus follows to the new one.
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current) button.current?.focus();
    refocus.current = false;
  }, [match?.id]);
  if (!user) return null;

  const onSave = () => {
    // The same rule as the server: a query or a category ("all" counts as none).
    const parsed = v.safeParse(storedSearchCreateSchema, {
      userId: user.id,
      query: query ?? null,
      category: category ?? null,
    });
    if (!parsed.success) {
      toast({ title: 'Invalid search', description: parsed.issues[0].message, variant: 'destructive' });
      return;
    }
    refocus.current = true;
    save.mutate(
      { userId: user.id, query: parsed.output.query, category: parsed.output.category },
      {
        onSuccess: () =>
          toast({ title: 'Search saved!', description: "You'll be notified when new matching items appear." }),
        onError: (error) => {
          refocus.current = false;
          toast({
            title: 'Failed to save search',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (!match) {
    return (
      <Button ref={button} variant="soft" onClick={onSave} loading={save.isPending}>
        <BookmarkIcon aria-hidden="true" /> Save Search
      </Button>
    );
  }

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: messageOf(error, 'Please try again.'), variant: 'destructive' });
  const muted = !match.notificationsEnabled;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button
          ref={button}
          variant="soft"
          loading={update.isPending || remove.isPending}
          data-testid="saved-search-menu"
        >
          <BookmarkFilledIcon aria-hidden="true" /> {muted ? 'Saved, alerts muted' : 'Saved'}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item
          onSelect={() =>
            update.mutate(
              { id: match.id, notificationsEnabled: muted },
              {
                onSuccess: (saved) =>
                  toast({
                    title: saved.notificationsEnabled ? 'Alerts on for this search' : 'Alerts muted for this search',
                  }),
                onError: failed('Failed to update search'),
              },
            )
          }
        >
          {muted ? 'Unmute alerts' : 'Mute alerts'}
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        {/* The theme's label colour (gray-a10) is under 4.5:1 on the menu: step 11 is its text colour. */}
        <DropdownMenu.Label style={{ color: 'var(--gray-a11)' }}>Email digest</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={match.frequency}
          onValueChange={(value) => {
            if (!isFrequency(value) || value === match.frequency) return;
            update.mutate(
              { id: match.id, frequency: value },
              {
                onSuccess: (saved) => toast({ title: frequencySaved(saved.frequency) }),
                onError: failed('Failed to update search'),
              },
            );
          }}
        >
          {FREQUENCY_CHOICES.map((choice) => (
            <DropdownMenu.RadioItem key={choice.value} value={choice.value}>
              {choice.label}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator />
        <DropdownMenu.Item
          color="red"
          onSelect={() => {
            refocus.current = true;
            remove.mutate(match, {
              onSuccess: () => toast({ title: 'Search removed' }),
              onError: (error) => {
                refocus.current = false;
                failed('Failed to remove search')(error);
              },
            });
          }}
        >
          Delete saved search
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
