import { BookmarkIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import * as v from 'valibot';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { storedSearchCreateSchema } from '@/shared/schemas';
import { useSaveSearch } from '../api';
import { useCurrentUser } from '@/lib/current-user';

/** Saves the current Browse search with notifications on. Signed-in members only. */
export function SaveSearchButton({ query, category }: { query?: string; category?: string }) {
  const { user } = useCurrentUser();
  const save = useSaveSearch();
  if (!user) return null;

  const onClick = () => {
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
    save.mutate(
      { userId: user.id, query: parsed.output.query, category: parsed.output.category },
      {
        onSuccess: () =>
          toast({ title: 'Search saved!', description: "You'll be notified when new matching items appear." }),
        onError: (error) =>
          toast({
            title: 'Failed to save search',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Button variant="soft" onClick={onClick} loading={save.isPending}>
      <BookmarkIcon aria-hidden="true" /> Save Search
    </Button>
  );
}
