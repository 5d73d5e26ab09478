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
import * as m from '@/lib/messages';

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
      toast({ title: m.saved_searches_invalid(), description: parsed.issues[0].message, variant: 'destructive' });
      return;
    }
    refocus.current = true;
    save.mutate(
      { userId: user.id, query: parsed.output.query, category: parsed.output.category },
      {
        onSuccess: () =>
          toast({ title: m.saved_searches_saved_toast(), description: m.saved_searches_saved_toast_hint() }),
        onError: (error) => {
          refocus.current = false;
          toast({
            title: m.saved_searches_save_failed(),
            description: messageOf(error, m.saved_searches_try_again()),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (!match) {
    return (
      <Button ref={button} variant="soft" onClick={onSave} loading={save.isPending}>
        <BookmarkIcon aria-hidden="true" /> {m.saved_searches_save()}
      </Button>
    );
  }

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: messageOf(error, m.saved_searches_try_again()), variant: 'destructive' });
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
          <BookmarkFilledIcon aria-hidden="true" /> {muted ? m.saved_searches_saved_muted() : m.saved_searches_saved()}
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
                    title: saved.notificationsEnabled ? m.saved_searches_alerts_on() : m.saved_searches_alerts_muted(),
                  }),
                onError: failed(m.saved_searches_update_failed()),
              },
            )
          }
        >
          {muted ? m.saved_searches_unmute() : m.saved_searches_mute()}
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        {/* The theme's label colour (gray-a10) is under 4.5:1 on the menu: step 11 is its text colour. */}
        <DropdownMenu.Label style={{ color: 'var(--gray-a11)' }}>{m.saved_searches_email_digest()}</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={match.frequency}
          onValueChange={(value) => {
            if (!isFrequency(value) || value === match.frequency) return;
            update.mutate(
              { id: match.id, frequency: value },
              {
                onSuccess: (saved) => toast({ title: frequencySaved(saved.frequency) }),
                onError: failed(m.saved_searches_update_failed()),
              },
            );
          }}
        >
          {FREQUENCY_CHOICES.map((choice) => (
            <DropdownMenu.RadioItem key={choice.value} value={choice.value}>
              {choice.label()}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator />
        <DropdownMenu.Item
          color="red"
          onSelect={() => {
            refocus.current = true;
            remove.mutate(match, {
              onSuccess: () => toast({ title: m.saved_searches_removed() }),
              onError: (error) => {
                refocus.current = false;
                failed(m.saved_searches_remove_failed())(error);
              },
            });
          }}
        >
          {m.saved_searches_delete()}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
