import { type Package, type PackageInput, packageInput } from '@clean/shared';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api';
import { TextAreaField } from '../../../lib/ui/FormFields';
import { FormPanel } from '../../../lib/ui/FormPanel';
import { FormFeedback, SubmitRow } from '../../../lib/ui/FormStatus';
import { PhotoPicker } from '../../../lib/ui/PhotoPicker';
import { TextField } from '../../../lib/ui/TextField';
import { useFeedback } from '../../../lib/useFeedback';
import { useZodForm } from '../../../lib/useZodForm';
import { PACKAGE_MESSAGES, useSavePackage } from '../api';

const EMPTY: PackageInput = { title: '', amount: '', image_url: '', description: '' };

function valuesOf(pkg: Package | null): PackageInput {
  if (!pkg) return EMPTY;
  return {
    title: pkg.title,
    amount: pkg.amount.toFixed(2),
    image_url: pkg.image_url,
    description: pkg.description ?? '',
  };
}

/**
 * Add / edit a package (admin only; loaded lazily so visitors never download it). docs/product.md#packages: title
 * required, amount required and numeric, image URL required and a URL, description optional. Closes on success.
 */
export function PackageForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: Package | null;
  /** With what to tell the owner, as the form closes. */
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const save = useSavePackage();
  const { feedback, setFeedback, attempt } = useFeedback();
  const { field, handleSubmit, reset, setFocus, setValue, formState } = useZodForm(
    packageInput,
    valuesOf(editing),
  );

  // Switching between add and edit (or to another package) refills the form.
  useEffect(() => {
    reset(valuesOf(editing));
    setFeedback(null);
    setFocus('title');
  }, [editing, reset, setFocus, setFeedback]);

  const onSubmit = handleSubmit((input) =>
    attempt(
      async () => {
        await save.mutateAsync({ id: editing?.id ?? null, input });
        reset(EMPTY);
        onSaved(`Saved the package ${input.title}.`);
        return null;
      },
      (err) => {
        console.error('Failed to save package', err);
        return errorMessage(err, PACKAGE_MESSAGES.saveFailed);
      },
    ),
  );

  return (
    <FormPanel onSubmit={onSubmit} aria-label={editing ? 'Edit package' : 'Add a package'}>
      <h2 className="text-xl font-semibold text-brand-900">
        {editing ? `Edit ${editing.title}` : 'New package'}
      </h2>
      <FormFeedback feedback={feedback} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Title" required {...field('title')} />
        <TextField label="Amount ($)" inputMode="decimal" required {...field('amount')} />
      </div>
      <TextField
        label="Image URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        required
        {...field('image_url')}
      />
      <PhotoPicker
        onUploaded={(url) => setValue('image_url', url, { shouldDirty: true, shouldValidate: true })}
      />
      <TextAreaField label="Description (optional)" rows={4} {...field('description')} />
      <SubmitRow
        busy={formState.isSubmitting}
        busyLabel="Saving…"
        label={editing ? 'Save Changes' : 'Add Package'}
        onCancel={onCancel}
      />
    </FormPanel>
  );
}
