import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import type { useSearchOptions } from '../useSearchOptions';
import { SearchSelect } from './SearchSelect';

/** A SearchSelect holding the form value `name` (the chosen option, or null), its options searched on the server. */
export function SearchSelectField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  options: ReturnType<typeof useSearchOptions>;
}) {
  const inputId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SearchSelect
          inputId={inputId}
          label={label}
          placeholder={placeholder}
          {...options}
          value={field.value}
          onChange={field.onChange}
        />
      )}
    />
  );
}
