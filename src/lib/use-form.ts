// Forms driven by the shared valibot schemas: the same rules and messages as the server.
import { useCallback, useState, type FormEvent } from 'react';
import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[v.getDotPath(issue) ?? '_'] ??= issue.message;
  return errors;
}

export function useValibotForm<S extends v.GenericSchema, T extends Record<string, unknown>>(schema: S, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const check = useCallback(
    (next: T) => {
      const result = v.safeParse(schema, next);
      return result.success
        ? ({ ok: true, output: result.output } as const)
        : ({ ok: false, errors: issuesToErrors(result.issues) } as const);
    },
    [schema],
  );

  const setField = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      setValues((previous) => {
        const next = { ...previous, [name]: value };
        // Once a field shows an error, it updates as the member types.
        setErrors((current) => {
          if (!current[name as string]) return current;
          const result = check(next);
          const { [name as string]: _removed, ...rest } = current;
          return result.ok
            ? rest
            : result.errors[name as string]
              ? { ...rest, [name]: result.errors[name as string]! }
              : rest;
        });
        return next;
      });
    },
    [check],
  );

  /**
   * The member left a field: its message shows now if it has one (before that, an untouched
   * field shows none). Other fields keep what they show.
   */
  const touch = (name: keyof T & string) => {
    const result = check(values);
    const message = result.ok ? undefined : result.errors[name];
    setErrors((current) => {
      if (message) return current[name] === message ? current : { ...current, [name]: message };
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  /** Validates everything; on success calls onValid with the parsed output. */
  const handleSubmit = (onValid: (output: v.InferOutput<S>) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    const result = check(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onValid(result.output);
  };

  const reset = (next: T = initial) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, setErrors, setField, setValues, touch, handleSubmit, reset };
}
