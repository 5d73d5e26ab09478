import { Cross2Icon, PlusIcon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_WANT_OPTIONS } from '@/shared/constants';
import * as m from '@/lib/messages';
import { localText } from '@/lib/local-text';

/**
 * Up to five extra things the owner would accept, added with the button or Enter. Nothing is
 * disabled at the limit (a disabled control would drop keyboard focus); the message says why.
 */
export function WantOptionsInput({
  options,
  onChange,
  error,
}: {
  options: string[];
  onChange: (options: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = options.length >= MAX_WANT_OPTIONS;

  const add = () => {
    const option = draft.trim();
    if (!option || full) return;
    onChange([...options, option]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the option instead of submitting the whole form.
    event.preventDefault();
    add();
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {m.listings_options_label()}
      </Text>
      <Flex gap="2">
        <TextField.Root
          id={id}
          style={{ flex: 1, minWidth: 0 }}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={m.listings_options_placeholder()}
          maxLength={200}
          aria-describedby={`${id}-hint`}
        />
        <Button type="button" variant="soft" onClick={add}>
          <PlusIcon aria-hidden="true" /> {m.listings_options_add()}
        </Button>
      </Flex>
      <Text id={`${id}-hint`} size="1" color={full ? 'red' : 'gray'} role={full ? 'status' : undefined}>
        {full ? m.error_options_max() : m.listings_options_hint({ max: MAX_WANT_OPTIONS })}
      </Text>
      {error && !full && (
        <Text size="1" color="red" role="alert">
          {localText(error)}
        </Text>
      )}
      {options.length > 0 && (
        <Flex asChild gap="2" wrap="wrap">
          <ul aria-label={m.listings_options_list()} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {options.map((option, index) => (
              <li key={`${index}-${option}`}>
                <Badge size="2" variant="soft" style={{ maxWidth: '100%' }}>
                  <span style={{ overflowWrap: 'anywhere' }}>{option}</span>
                  <IconButton
                    type="button"
                    size="1"
                    variant="ghost"
                    aria-label={m.listings_option_remove({ option })}
                    onClick={() => onChange(options.filter((_, i) => i !== index))}
                  >
                    <Cross2Icon aria-hidden="true" />
                  </IconButton>
                </Badge>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Flex>
  );
}
