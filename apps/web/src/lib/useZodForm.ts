import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** The props `field(name)` gives a field component. */
export type BoundField = UseFormRegisterReturn & { error?: string };

/**
 * A react-hook-form form checked by a shared Zod schema (the same one the server checks with), plus
 * `field(name)`: what a TextField / SelectField / TextAreaField needs for that value — its registration and its
 * message — so each form names a field once.
 */
export function useZodForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
): UseFormReturn<In, unknown, Out> & {
  field: (name: Path<In>, options?: RegisterOptions<In, Path<In>>) => BoundField;
} {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const field = (name: Path<In>, options?: RegisterOptions<In, Path<In>>) => ({
    ...form.register(name, options),
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  });
  return { ...form, field };
}
