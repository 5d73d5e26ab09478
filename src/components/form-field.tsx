// A labelled field with helper text and an error message tied to it for screen readers, and the
// form-level error that fields at fault point to (a wrong password names no one field).
import { Callout, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import { localText } from '@/lib/local-text';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** The id of a shown FormError that is about this field too: it describes it and marks it invalid. */
  formErrorId?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ label, error, hint, required, formErrorId, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, formErrorId].filter(Boolean).join(' ') || undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {children({ id, describedBy, invalid: Boolean(error || formErrorId) })}
      {hint && (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="1" color="red" role="alert" data-testid="field-error">
          {localText(error)}
        </Text>
      )}
    </Flex>
  );
}

/**
 * A failure about the whole form (a wrong username or password, a limit reached, no connection),
 * at the form, announced as it appears. Fields it is about pass its id as `formErrorId`.
 */
export function FormError({ id, message, testId = 'form-error' }: { id: string; message: string; testId?: string }) {
  return (
    <Callout.Root id={id} color="red" role="alert" data-testid={testId}>
      <Callout.Text>{localText(message)}</Callout.Text>
    </Callout.Root>
  );
}

/** What ties a control to its label, hint and error for assistive technology. */
function controlProps(
  { id, describedBy, invalid }: { id: string; describedBy: string | undefined; invalid: boolean },
  required: boolean | undefined,
) {
  return {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
  };
}

type InputProps = Omit<React.ComponentProps<typeof TextField.Root>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  formErrorId?: string | undefined;
};

export function TextInput({ label, value, onValueChange, error, hint, required, formErrorId, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} formErrorId={formErrorId}>
      {(ids) => (
        <TextField.Root
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...controlProps(ids, required)}
          {...rest}
        />
      )}
    </Field>
  );
}

type AreaProps = Omit<React.ComponentProps<typeof TextArea>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaInput({ label, value, onValueChange, error, hint, required, ...rest }: AreaProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(ids) => (
        <TextArea
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...controlProps(ids, required)}
          {...rest}
        />
      )}
    </Field>
  );
}
