import { EyeClosedIcon, EyeOpenIcon } from '@radix-ui/react-icons';
import { IconButton, TextField } from '@radix-ui/themes';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Field } from '@/components/form-field';
import * as m from '@/lib/messages';
import { locale } from '@/lib/locale';

type Props = Omit<ComponentProps<typeof TextField.Root>, 'onChange' | 'value' | 'type'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  formErrorId?: string | undefined;
};

/** A password field with a show/hide button, so members can check what they typed on a phone. */
export function PasswordInput({ label, value, onValueChange, error, hint, required, formErrorId, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} required={required} formErrorId={formErrorId}>
      {({ id, describedBy, invalid }) => (
        <TextField.Root
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          autoCapitalize="none"
          spellCheck={false}
          {...rest}
        >
          <TextField.Slot side="right">
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              // German writes nouns with a capital; the other languages lower the label inside a sentence.
              aria-label={m.auth_show_field({ field: locale.language === 'de' ? label : label.toLowerCase() })}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
            </IconButton>
          </TextField.Slot>
        </TextField.Root>
      )}
    </Field>
  );
}
