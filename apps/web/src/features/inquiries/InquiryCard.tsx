import { formatDateTime, formatPhone, INQUIRY_STATUSES, type Inquiry, inquiryPatch } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { DependantsDeleteDialog } from '../../lib/ui/DependantsDeleteDialog';
import { SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { hubCardClass } from '../../lib/ui/hubCard';
import { TextField } from '../../lib/ui/TextField';
import { useDeleteInquiry, useUpdateInquiry } from './api';
import { nextPhoneDigits, phoneInputValue } from './phoneInput';

/** One inquiry: view mode (with the immediate status dropdown) or edit mode (Save / Cancel). */
export function InquiryCard({ inquiry }: { inquiry: Inquiry }) {
  const [editing, setEditing] = useState(false);
  return editing ? (
    <InquiryEditForm inquiry={inquiry} onDone={() => setEditing(false)} />
  ) : (
    <InquiryView inquiry={inquiry} onEdit={() => setEditing(true)} />
  );
}

function InquiryView({ inquiry, onEdit }: { inquiry: Inquiry; onEdit: () => void }) {
  const { timezone } = useSiteConfig();
  const statusId = useId();
  const update = useUpdateInquiry();
  const [statusError, setStatusError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const shownStatus = (update.isPending && update.variables?.patch.status) || inquiry.status;

  function changeStatus(status: Inquiry['status']) {
    setStatusError(false);
    update.mutate({ id: inquiry.id, patch: { status } }, { onError: () => setStatusError(true) });
  }

  return (
    <article className={hubCardClass} aria-label={`Inquiry from ${inquiry.name}`}>
      <h3 className="text-lg font-semibold break-words text-brand-950">{inquiry.name}</h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-medium text-stone-600">Email</dt>
        <dd className="break-words">{inquiry.email || 'N/A'}</dd>
        <dt className="font-medium text-stone-600">Phone</dt>
        <dd>{formatPhone(inquiry.phone_number)}</dd>
        <dt className="font-medium text-stone-600">Prefers</dt>
        <dd className="capitalize">{inquiry.call_or_text ?? 'N/A'}</dd>
        {inquiry.town && (
          <>
            <dt className="font-medium text-stone-600">Town</dt>
            <dd>{inquiry.town}</dd>
          </>
        )}
        <dt className="font-medium text-stone-600">Submitted</dt>
        <dd>{formatDateTime(inquiry.submitted_at, timezone)}</dd>
      </dl>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-stone-700">
        {inquiry.description || 'No description.'}
      </p>
      <div className="mt-4 space-y-1.5">
        <label htmlFor={statusId} className="block text-sm font-medium text-stone-800">
          Status
        </label>
        <select
          id={statusId}
          value={shownStatus}
          disabled={update.isPending}
          onChange={(e) => changeStatus(e.target.value as Inquiry['status'])}
          className="block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base"
        >
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {statusError && <Alert tone="error">Failed to update status.</Alert>}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit inquiry from ${inquiry.name}`}>
          Edit
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setConfirming(true)}
          aria-label={`Delete inquiry from ${inquiry.name}`}
        >
          Delete
        </Button>
      </div>
      {confirming && <DeleteInquiryDialog inquiry={inquiry} onClose={() => setConfirming(false)} />}
    </article>
  );
}

function DeleteInquiryDialog({ inquiry, onClose }: { inquiry: Inquiry; onClose: () => void }) {
  const remove = useDeleteInquiry();
  return (
    <DependantsDeleteDialog
      title="Delete inquiry?"
      question={
        <>
          Delete the inquiry from <strong>{inquiry.name}</strong>? This cannot be undone.
        </>
      }
      everythingQuestion={
        <>
          Delete the inquiry from <strong>{inquiry.name}</strong> together with all its one-time cleanings,
          recurring payment schedules and paid records? This cannot be undone.
        </>
      }
      failure="Failed to delete inquiry."
      onDelete={(withDependants) => remove.mutateAsync({ id: inquiry.id, withDependants })}
      onClose={onClose}
    />
  );
}

type EditValues = z.input<typeof inquiryPatch>;
type EditOutput = z.output<typeof inquiryPatch>;

function InquiryEditForm({ inquiry, onDone }: { inquiry: Inquiry; onDone: () => void }) {
  const update = useUpdateInquiry();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(inquiryPatch),
    defaultValues: {
      name: inquiry.name,
      email: inquiry.email ?? '',
      phone_number: inquiry.phone_number ?? '',
      call_or_text: inquiry.call_or_text,
      description: inquiry.description ?? '',
      status: inquiry.status,
    },
  });

  const onSubmit = handleSubmit((values) => {
    setError(null);
    update.mutate(
      { id: inquiry.id, patch: values },
      { onSuccess: onDone, onError: (err) => setError(failureMessage('Failed to update inquiry.', err)) },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`${hubCardClass} space-y-3`}
      aria-label={`Edit inquiry from ${inquiry.name}`}
    >
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
      <Controller
        control={control}
        name="phone_number"
        render={({ field, fieldState }) => (
          <TextField
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="(XXX) XXX-XXXX"
            hint="Digits only, at most 10."
            error={fieldState.error?.message}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={phoneInputValue(field.value ?? '')}
            onChange={(e) => field.onChange(nextPhoneDigits(field.value ?? '', e.target.value))}
          />
        )}
      />
      <SelectField
        label="Call or Text"
        error={errors.call_or_text?.message}
        {...register('call_or_text', { setValueAs: (v: unknown) => (v === '' ? null : v) })}
      >
        <option value="">Not set</option>
        <option value="call">Call</option>
        <option value="text">Text</option>
      </SelectField>
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <SelectField label="Status" error={errors.status?.message} {...register('status')}>
        {INQUIRY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2 pt-1">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
