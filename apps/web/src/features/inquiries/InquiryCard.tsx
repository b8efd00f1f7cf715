import { formatDateTime, formatPhone, INQUIRY_STATUSES, type Inquiry, inquiryPatch } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { phoneDigitsChange, phoneInputValue } from '../../lib/phone';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { DependantsDeleteDialog } from '../../lib/ui/DependantsDeleteDialog';
import { SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { CardActions, Fact, Facts, HubCard } from '../../lib/ui/HubCard';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { TextField } from '../../lib/ui/TextField';
import { useSubmit } from '../../lib/useSubmit';
import { useDeleteInquiry, useUpdateInquiry } from './api';

const subjectOf = (inquiry: Inquiry) => `inquiry from ${inquiry.name}`;

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
    <HubCard subject={subjectOf(inquiry)} title={inquiry.name}>
      <Facts>
        <Fact term="Email" className="break-words">
          {inquiry.email || 'N/A'}
        </Fact>
        <Fact term="Phone">{formatPhone(inquiry.phone_number)}</Fact>
        <Fact term="Prefers" className="capitalize">
          {inquiry.call_or_text ?? 'N/A'}
        </Fact>
        {inquiry.town && <Fact term="Town">{inquiry.town}</Fact>}
        <Fact term="Submitted">{formatDateTime(inquiry.submitted_at, timezone)}</Fact>
      </Facts>
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
      <CardActions subject={subjectOf(inquiry)} onEdit={onEdit} onDelete={() => setConfirming(true)} />
      {confirming && <DeleteInquiryDialog inquiry={inquiry} onClose={() => setConfirming(false)} />}
    </HubCard>
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
  const save = useSubmit(useUpdateInquiry(), 'Failed to update inquiry.');
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

  const onSubmit = handleSubmit((values) => save.run({ id: inquiry.id, patch: values }, onDone));

  return (
    <HubEditForm
      subject={subjectOf(inquiry)}
      onSubmit={onSubmit}
      error={save.error}
      busy={save.busy}
      onCancel={onDone}
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
            hint="10 digits, or leave it empty."
            error={fieldState.error?.message}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={phoneInputValue(field.value ?? '')}
            onChange={phoneDigitsChange(field.value ?? '', field.onChange)}
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
    </HubEditForm>
  );
}
