// A text field with place suggestions from GET /api/places: the ARIA 1.2 combobox pattern (list
// autocomplete). Typing keeps free text; picking a suggestion fills in its name as places are
// written across the site ("Oakland, CA"; see placeText).
// Arrow keys move through the list, Enter picks, Escape closes. A signed-in member's own place
// (their profile's location) goes with the text, so the towns near it are suggested first.
import { TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { call } from '@/lib/api-client';
import { placeRoutes, type Place } from '@/shared/contract/places';
import './place-input.css';
import { placeKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/current-user';
import * as m from '@/lib/messages';

/**
 * How a place is written on listings and profiles: "Oakland, CA" for US towns (as the demo data and
 * members write them), the full label elsewhere ("Toronto, CA" is Canada's). The server resolves both.
 */
export function placeText(place: Pick<Place, 'label' | 'country'>): string {
  return place.country === 'US' ? place.label.replace(/, US$/, '') : place.label;
}

/** The text after a short pause in typing, so each keystroke does not ask the server. */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type PlaceInputProps = Omit<
  ComponentProps<typeof TextField.Root>,
  'value' | 'onChange' | 'onKeyDown' | 'onBlur' | 'role'
> & {
  value: string;
  onValueChange: (value: string) => void;
};

export function PlaceInput({ value, onValueChange, id, ...rest }: PlaceInputProps) {
  const listId = `${useId()}-places`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(value, 200);
  const home = useCurrentUser().user?.location?.trim().slice(0, 100) || undefined;
  const { data: places = [] } = useQuery({
    queryKey: placeKeys.suggestions(q, home),
    queryFn: () => call(placeRoutes.suggest, { query: { q: q.trim(), near: home } }),
    enabled: open && q.trim().length >= 2,
    staleTime: 60 * 60 * 1000,
  });
  // Nothing to suggest when the text already names one place ("Oakland, CA" for "Oakland, CA, US").
  const typed = value.trim().toLowerCase();
  const settled = places.length === 1 && places[0]!.label.toLowerCase().startsWith(typed) && typed.includes(',');
  const shown = settled
    ? []
    : places.filter((place) => place.label.toLowerCase() !== typed && placeText(place).toLowerCase() !== typed);
  const expanded = open && shown.length > 0;

  useEffect(() => setActive(-1), [q]);

  const pick = (place: Place) => {
    onValueChange(placeText(place));
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const last = shown.length - 1;
      if (event.key === 'ArrowDown') setActive((index) => (index >= last ? 0 : index + 1));
      else setActive((index) => (index <= 0 ? last : index - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < shown.length) {
      event.preventDefault();
      pick(shown[active]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="place-input">
      <TextField.Root
        {...rest}
        id={id}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < shown.length ? `${listId}-${active}` : undefined}
        autoComplete="off"
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={m.common_suggested_places()}
        className="place-input-list"
        hidden={!expanded}
      >
        {shown.map((place, index) => (
          <li
            key={place.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="place-input-option"
            // mousedown, not click: it runs before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(place);
            }}
          >
            {placeText(place)}
          </li>
        ))}
      </ul>
    </div>
  );
}
