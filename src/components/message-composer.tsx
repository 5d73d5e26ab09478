// The reply box: Enter sends, Shift+Enter adds a line; the button is off while blank or sending.
import { PaperPlaneIcon } from '@radix-ui/react-icons';
import { IconButton, TextArea } from '@radix-ui/themes';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useSavedCopy } from '@/lib/saved-copy-state';
import { SavedCopyReason } from './saved-copy-reason';
import * as m from '@/lib/messages';

interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
}

export function MessageComposer({ value, onChange, onSend, pending }: MessageComposerProps) {
  const hintId = useId();
  const reasonId = useId();
  // The saved copy shown offline (decision 067) is read-only: the box is off, and says why.
  const readOnly = useSavedCopy() !== null;
  const blank = value.trim() === '';
  const send = () => {
    if (!blank && !pending && !readOnly) onSend();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character: its Enter confirms the character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form className="message-composer" onSubmit={onSubmit}>
      {readOnly && <SavedCopyReason id={reasonId} />}
      <TextArea
        className="message-composer-input"
        placeholder={m.common_type_message()}
        aria-label={m.common_type_message()}
        aria-describedby={readOnly ? `${reasonId} ${hintId}` : hintId}
        disabled={readOnly}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={2000}
        resize="none"
      />
      <span id={hintId} hidden>
        {m.common_composer_hint()}
      </span>
      <IconButton
        type="submit"
        size="3"
        aria-label={m.common_send_message()}
        disabled={blank || pending || readOnly}
        loading={pending}
      >
        <PaperPlaneIcon width="18" height="18" />
      </IconButton>
    </form>
  );
}
