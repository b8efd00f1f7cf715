import type { UseMutationResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { CreateForm } from './ui/CreateForm';
import { useSubmit } from './useSubmit';

/**
 * A Create Cleaning form's state: its values (starting from `empty()`) and `submit`, what <CreateForm> takes
 * besides its labels — the submit sends `toBody(values)`, then empties the form and says what was `created`.
 * Only the input types constrain (docs/product.md#create-cleaning): the server checks the rest, and its refusal is
 * shown in red.
 */
export function useCreateForm<V extends FieldValues, B, R>(
  mutation: UseMutationResult<R, Error, B, unknown>,
  options: {
    failure: string;
    empty: () => V;
    toBody: (values: V) => B;
    created: (result: R, values: V) => string;
  },
): UseFormReturn<V> & { submit: Pick<ComponentProps<typeof CreateForm>, 'onSubmit' | 'outcome'> } {
  const outcome = useSubmit(mutation, options.failure);
  const form = useForm<V>({ defaultValues: options.empty() as DefaultValues<V> });
  const onSubmit = form.handleSubmit((values) =>
    outcome.run(options.toBody(values), (result) => {
      form.reset(options.empty());
      outcome.succeed(options.created(result, values));
    }),
  );
  return { ...form, submit: { onSubmit, outcome } };
}
