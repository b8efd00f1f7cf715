import {
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** The props `field(name)` gives a field component: its registration, first value (server-rendered) and message. */
export type BoundField = UseFormRegisterReturn & { error?: string; defaultValue?: string };

/** A schema, or a function loading it (a public page's form loads Zod only when first checked). */
type SchemaOrLoader<In extends FieldValues, Out> = z.ZodType<Out, In> | (() => Promise<z.ZodType<Out, In>>);

/**
 * Checks with the schema through react-hook-form's Zod resolver, both loaded on the first check: Zod's code takes
 * a phone tens of milliseconds to run, and a form is shown long before it is first checked. One per schema.
 */
const resolvers = new WeakMap<object, Resolver<never, unknown, unknown>>();
function lazyZodResolver<In extends FieldValues, Out>(
  schema: SchemaOrLoader<In, Out>,
): Resolver<In, unknown, Out> {
  const known = resolvers.get(schema);
  if (known) return known as unknown as Resolver<In, unknown, Out>;
  let loaded: Promise<Resolver<In, unknown, Out>> | undefined;
  const resolver: Resolver<In, unknown, Out> = (values, context, options) => {
    loaded ??= Promise.all([
      import('@hookform/resolvers/zod'),
      typeof schema === 'function' ? schema() : schema,
    ]).then(([{ zodResolver }, s]) => zodResolver(s) as Resolver<In, unknown, Out>);
    return loaded.then((resolve) => resolve(values, context, options));
  };
  resolvers.set(schema, resolver as unknown as Resolver<never, unknown, unknown>);
  return resolver;
}

/**
 * A react-hook-form form checked by a shared Zod schema (the same one the server checks with), plus
 * `field(name)`: what a TextField / SelectField / TextAreaField needs for that value — its registration and its
 * message — so each form names a field once.
 */
export function useZodForm<In extends FieldValues, Out>(
  schema: SchemaOrLoader<In, Out>,
  defaultValues: DefaultValues<In>,
  /** The server's messages for a refused plain post of this form, shown until the form is sent again. */
  serverErrors: Record<string, string> = {},
): UseFormReturn<In, unknown, Out> & {
  field: (name: Path<In>, options?: RegisterOptions<In, Path<In>>) => BoundField;
} {
  const form = useForm<In, unknown, Out>({ resolver: lazyZodResolver(schema), defaultValues });
  const field = (name: Path<In>, options?: RegisterOptions<In, Path<In>>) => {
    const first = get(defaultValues, name);
    return {
      ...form.register(name, options),
      defaultValue: typeof first === 'string' ? first : undefined,
      error:
        (get(form.formState.errors, name) as { message?: string } | undefined)?.message ??
        (form.formState.submitCount === 0 ? serverErrors[name] : undefined),
    };
  };
  return { ...form, field };
}
