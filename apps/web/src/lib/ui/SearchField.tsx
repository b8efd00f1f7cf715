import type { ComponentProps } from 'react';
import { TextField } from './TextField';

type SearchFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'value' | 'onChange'> & {
  value: string;
  /** The text as typed: the list trims and debounces it (usePagedSearch). */
  onChange: (text: string) => void;
};

/** A labelled search box over a list of the owner's hub. */
export function SearchField({ onChange, ...props }: SearchFieldProps) {
  return <TextField type="search" {...props} onChange={(e) => onChange(e.target.value)} />;
}
