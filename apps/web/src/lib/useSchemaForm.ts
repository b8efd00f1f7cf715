import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

/** The first message for each field a schema refused, as react-hook-form's Zod resolver reports them. */
function fieldMessages(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.join('.');
    if (name && !(name in messages)) messages[name] = issue.message;
  }
  return messages;
}

/** A named control's value: the checked radio's for a group, '' when there is none. */
const controlValue = (form: HTMLFormElement, name: string) =>
  (form.elements.namedItem(name) as { value?: string } | null)?.value ?? '';

/**
 * A public form checked with a shared Zod schema, without a form library: the controls are the page's own
 * (uncontrolled, named), read from the form when it is sent, so the server-rendered form works before and without
 * script and a public page loads no react-hook-form (it was 16 KB of /contact's first load). The schema (and Zod)
 * loads on the first check. As react-hook-form did: nothing is checked until the first send; after it, every
 * change is checked again; the first refused field takes the focus; the server's messages for a refused plain post
 * show until the form is checked.
 */
export function useSchemaForm<Out>({
  load,
  fields,
  serverErrors,
  onValid,
}: {
  load: () => Promise<z.ZodType<Out>>;
  /** The controls the schema checks, in the form's order. */
  fields: readonly string[];
  serverErrors?: Record<string, string>;
  onValid: (output: Out) => Promise<void>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  const [busy, setBusy] = useState(false);
  const sent = useRef(false);
  // Checked after React has committed the change (a formatted phone number is in the input by then).
  const [changes, setChanges] = useState(0);

  const check = async () => {
    const form = formRef.current;
    if (!form) return null;
    const values = Object.fromEntries(fields.map((name) => [name, controlValue(form, name)]));
    const result = (await load()).safeParse(values);
    setErrors(result.success ? {} : fieldMessages(result.error.issues));
    return result;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: each counted change is checked once
  useEffect(() => {
    if (changes) void check();
  }, [changes]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.current = true;
    setBusy(true);
    try {
      const result = await check();
      if (!result) return;
      if (!result.success) {
        const messages = fieldMessages(result.error.issues);
        const first = fields.find((name) => messages[name]);
        const control = first ? formRef.current?.elements.namedItem(first) : null;
        if (control instanceof HTMLElement) {
          // Centred, not at the edge the browser's own focus scroll picks: there a phone's sticky header hides it.
          control.focus({ preventScroll: true });
          control.scrollIntoView?.({ block: 'center' });
        }
        return;
      }
      await onValid(result.data);
    } finally {
      setBusy(false);
    }
  };

  return {
    formRef,
    errors,
    busy,
    onSubmit,
    /** The form's onChange: once sent, each change is checked again. */
    onChange: () => {
      if (sent.current) setChanges((n) => n + 1);
    },
    /** Sets the named controls (uncontrolled ones; a controlled one follows its own state) and forgets the checks. */
    reset: (values: Record<string, string>) => {
      const form = formRef.current;
      for (const [name, value] of Object.entries(values)) {
        const control = form?.elements.namedItem(name) as { value?: string } | null | undefined;
        if (control) control.value = value;
      }
      sent.current = false;
      setErrors({});
    },
  };
}
