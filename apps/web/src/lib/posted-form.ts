import { type PageForm, type PostedForm, postedFormKey } from '@clean/shared';
import { useQueryClient } from '@tanstack/react-query';

// A public form's first values and the server's answer to its plain post. Apart from the form library, so a form
// without it (the booking form) reads them without loading it.

/**
 * The first values of a public form that also posts without script: after a refused post, what the visitor sent
 * (the server renders the page with it); while the page hydrates, what the visitor typed into the server's form
 * before the code arrived (the form would otherwise reset the fields to their defaults); else `empty`.
 */
export function firstValues<T extends object>(empty: T, formId: string, posted: PostedForm | undefined): T {
  if (posted) return { ...empty, ...posted.values };
  const early = typeof document === 'undefined' ? null : document.getElementById(formId);
  if (early?.tagName !== 'FORM') return empty;
  const typed: Record<string, string> = {};
  for (const [name, value] of new FormData(early as HTMLFormElement))
    if (typeof value === 'string') typed[name] = value;
  return { ...empty, ...typed };
}

/** A refused plain post of `form`, which the server put in the page's data. */
export const usePostedForm = (form: PageForm) =>
  useQueryClient().getQueryData<PostedForm>(postedFormKey(form));
