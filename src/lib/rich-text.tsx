// A translated sentence with elements inside it ("agree to our {terms} and {privacy}."): the
// message is whole in each language (word order differs), and each named part is put where that
// language places it.
import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

export function richText<K extends string>(
  message: (inputs: Record<K, string>) => string,
  parts: Record<K, ReactNode>,
): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`])) as Record<
    K,
    string
  >;
  return message(marks)
    .split(MARK)
    .map((piece, index) => (index % 2 ? <Fragment key={index}>{parts[piece as K]}</Fragment> : piece));
}
