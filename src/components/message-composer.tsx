// The reply box: Enter sends, Shift+Enter adds a line; the button is off while blank or sending.
import { PaperPlaneIcon } from '@radix-ui/react-icons';
import { IconButton, TextArea } from '@radix-ui/themes';
import { useId, type FormEvent, type KeyboardEvent } from 'react';

interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
}

export function MessageComposer({ value, onChange, onSend, pending }: MessageComposerProps) {
  const hintId = useId();
  const blank = value.trim() === '';
  const send = () => {
    if (!blank && !pending) onSend();
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
      <TextArea
        className="message-composer-input"
        placeholder="Type your message..."
        aria-label="Type your message..."
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={2000}
        resize="none"
      />
      <span id={hintId} hidden>
        Enter sends; Shift+Enter adds a line.
      </span>
      <IconButton type="submit" size="3" aria-label="Send message" disabled={blank || pending} loading={pending}>
        <PaperPlaneIcon width="18" height="18" />
      </IconButton>
    </form>
  );
}
