import { type Package, type PackageInput, packageInput } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { inputClass, TextField } from '../../../lib/ui/TextField';
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
 * Add / edit a package (admin only; loaded lazily so visitors never download it). Spec §5: title required,
 * amount required and numeric, image URL required and a URL, description optional. Closes on success.
 */
export function PackageForm({ editing, onDone }: { editing: Package | null; onDone: () => void }) {
  const save = useSavePackage();
  const [serverError, setServerError] = useState<string | null>(null);
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PackageInput, unknown, z.output<typeof packageInput>>({
    resolver: zodResolver(packageInput),
    defaultValues: valuesOf(editing),
  });

  // Switching between add and edit (or to another package) refills the form.
  useEffect(() => {
    reset(valuesOf(editing));
    setServerError(null);
    setFocus('title');
  }, [editing, reset, setFocus]);

  const onSubmit = handleSubmit(async (input) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      reset(EMPTY);
      onDone();
    } catch (err) {
      console.error('Failed to save package', err);
      setServerError(errorMessage(err, PACKAGE_MESSAGES.saveFailed));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? 'Edit package' : 'Add a package'}
      className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="text-xl font-semibold text-brand-900">
        {editing ? `Edit ${editing.title}` : 'New package'}
      </h2>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Title" required error={errors.title?.message} {...register('title')} />
        <TextField
          label="Amount ($)"
          inputMode="decimal"
          required
          error={errors.amount?.message}
          {...register('amount')}
        />
      </div>
      <TextField
        label="Image URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        required
        error={errors.image_url?.message}
        {...register('image_url')}
      />
      <div className="space-y-1.5">
        <label htmlFor={descriptionId} className="block text-sm font-medium text-stone-800">
          Description (optional)
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          className={inputClass}
          aria-invalid={errors.description ? true : undefined}
          {...register('description')}
        />
        {errors.description && <p className="text-sm text-red-700">{errors.description.message}</p>}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : editing ? 'Save Changes' : 'Add Package'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
