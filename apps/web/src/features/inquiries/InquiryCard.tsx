import {
  formatDateTime,
  formatPhone,
  HEARD_FROM_LABELS,
  INQUIRY_STATUSES,
  type Inquiry,
  inquiryPatch,
} from '@clean/shared';
import { type ReactNode, useId, useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { ContactLinks } from '../../lib/ui/ContactLinks';
import { DependantsDeleteDialog } from '../../lib/ui/DependantsDeleteDialog';
import { Field } from '../../lib/ui/Field';
import { Options, TextAreaField } from '../../lib/ui/FormFields';
import { HomeAddress } from '../../lib/ui/HomeAddress';
import { CardActions, Fact, Facts, HubCard } from '../../lib/ui/HubCard';
import { HubEditForm } from '../../lib/ui/HubEditForm';
import { PhoneField } from '../../lib/ui/PhoneField';
import { QuoteSummary } from '../../lib/ui/QuoteSummary';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { TextField } from '../../lib/ui/TextField';
import { useCardEdit } from '../../lib/useCardEdit';
import type { SaveStatusState } from '../../lib/useSaveStatus';
import { useSubmit } from '../../lib/useSubmit';
import { useZodForm } from '../../lib/useZodForm';
import { useDeleteInquiry, useUpdateInquiry } from './api';
import { AddressFields, CallOrTextField, InquiryStatusField, inquiryPhone } from './InquiryFields';

/**
 * How the customer asked to be reached, from what they gave: their call-or-text answer only counts with a phone
 * (the form defaults it to "call"), so an e-mail alone reads "E-mail" with the address.
 */
function preferenceOf(inquiry: Inquiry): string {
  if (inquiry.phone_number) return inquiry.call_or_text === 'text' ? 'Text' : 'Call';
  return inquiry.email ? `E-mail (${inquiry.email})` : 'No way to reach them given';
}

const subjectOf = (inquiry: Inquiry) => `inquiry from ${inquiry.name}`;

/** One inquiry: view mode (with the immediate status dropdown) or edit mode (Save / Cancel). */
export function InquiryCard({ inquiry, extra }: { inquiry: Inquiry; extra?: ReactNode }) {
  const card = useCardEdit();
  return card.editing ? (
    <InquiryEditForm inquiry={inquiry} onSaved={() => card.saved()} onCancel={card.cancel} />
  ) : (
    <InquiryView inquiry={inquiry} onEdit={card.edit} status={card.status} extra={extra} />
  );
}

function InquiryView({
  inquiry,
  onEdit,
  status,
  extra,
}: {
  inquiry: Inquiry;
  onEdit: () => void;
  status: SaveStatusState;
  extra?: ReactNode;
}) {
  const { timezone } = useSiteConfig();
  const statusId = useId();
  const update = useUpdateInquiry();
  const [statusError, setStatusError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shownStatus = (update.isPending && update.variables?.patch.status) || inquiry.status;

  function changeStatus(status: Inquiry['status']) {
    setStatusError(null);
    update.mutate(
      { id: inquiry.id, version: inquiry.version, patch: { status } },
      { onError: (err) => setStatusError(failureMessage('Failed to update status.', err)) },
    );
  }

  return (
    <HubCard subject={subjectOf(inquiry)} title={inquiry.name}>
      <Facts>
        {inquiry.email && (
          <Fact term="Email" className="break-words">
            {inquiry.email}
          </Fact>
        )}
        {inquiry.phone_number && <Fact term="Phone">{formatPhone(inquiry.phone_number)}</Fact>}
        <Fact term="Prefers">{preferenceOf(inquiry)}</Fact>
        {inquiry.town && <Fact term="Town">{inquiry.town}</Fact>}
        <Fact term="Address">
          <HomeAddress parts={inquiry} />
        </Fact>
        {inquiry.access_notes && (
          <Fact term="Access" className="break-words whitespace-pre-line">
            {inquiry.access_notes}
          </Fact>
        )}
        <Fact term="Submitted">{formatDateTime(inquiry.submitted_at, timezone)}</Fact>
        <LeadSource inquiry={inquiry} />
      </Facts>
      {inquiry.quote && (
        <QuoteSummary className="mt-3" quote={inquiry.quote} frequency={inquiry.quote.frequency} />
      )}
      <ContactLinks
        className="mt-3"
        name={inquiry.name}
        phone={inquiry.phone_number}
        email={inquiry.email}
        prefers={inquiry.call_or_text}
      />
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-stone-700">
        {inquiry.description || 'No description.'}
      </p>
      {/* Changes the status at once, so no error line of its own: a failure is an alert under it. */}
      <Field id={statusId} label="Status" className="mt-4">
        <select
          id={statusId}
          value={shownStatus}
          disabled={update.isPending}
          onChange={(e) => changeStatus(e.target.value as Inquiry['status'])}
          className="block min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base"
        >
          <Options values={INQUIRY_STATUSES} />
        </select>
        {shownStatus === 'New Inquiry' && (
          <Button
            variant="secondary"
            className="mt-2 w-full"
            disabled={update.isPending}
            aria-label={`Mark contacted: ${inquiry.name}`}
            onClick={() => changeStatus('Contacted')}
          >
            Mark contacted
          </Button>
        )}
        {statusError && <Alert tone="error">{statusError}</Alert>}
      </Field>
      {extra}
      <SaveStatus state={status} />
      <CardActions subject={subjectOf(inquiry)} onEdit={onEdit} onDelete={() => setConfirming(true)} />
      {confirming && <DeleteInquiryDialog inquiry={inquiry} onClose={() => setConfirming(false)} />}
    </HubCard>
  );
}

/** Where the lead came from, as the form and the visit's address said: only what is known. */
function LeadSource({ inquiry }: { inquiry: Inquiry }) {
  const campaign = [inquiry.utm_source, inquiry.utm_medium, inquiry.utm_campaign].filter(Boolean).join(' / ');
  return (
    <>
      {inquiry.heard_from && <Fact term="Heard from">{HEARD_FROM_LABELS[inquiry.heard_from]}</Fact>}
      {campaign && (
        <Fact term="Campaign" className="break-words">
          {campaign}
        </Fact>
      )}
      {inquiry.referrer && (
        <Fact term="Referrer" className="[overflow-wrap:anywhere]">
          {inquiry.referrer}
        </Fact>
      )}
    </>
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
      onDelete={(withDependants) =>
        remove.mutateAsync({ id: inquiry.id, version: inquiry.version, withDependants })
      }
      onClose={onClose}
    />
  );
}

function InquiryEditForm({
  inquiry,
  onSaved,
  onCancel,
}: {
  inquiry: Inquiry;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useSubmit(useUpdateInquiry(), 'Failed to update inquiry.');
  const { field, control, handleSubmit, formState } = useZodForm(inquiryPatch, {
    name: inquiry.name,
    email: inquiry.email ?? '',
    phone_number: inquiry.phone_number ?? '',
    call_or_text: inquiry.call_or_text,
    description: inquiry.description ?? '',
    status: inquiry.status,
    street_address: inquiry.street_address ?? '',
    zip: inquiry.zip ?? '',
    access_notes: inquiry.access_notes ?? '',
  });

  const onSubmit = handleSubmit((values) =>
    save.run({ id: inquiry.id, version: inquiry.version, patch: values }, onSaved),
  );

  return (
    <HubEditForm
      subject={subjectOf(inquiry)}
      onSubmit={onSubmit}
      error={save.error}
      busy={save.busy}
      onCancel={onCancel}
    >
      <TextField label="Name" {...field('name')} />
      <TextField label="Email" type="email" {...field('email')} />
      <PhoneField
        control={control}
        name="phone_number"
        hint="A US number, or leave it empty."
        {...inquiryPhone}
      />
      <CallOrTextField
        unset
        {...field('call_or_text', { setValueAs: (v: unknown) => (v === '' ? null : v) })}
      />
      <AddressFields field={field} />
      <TextAreaField label="Description" {...field('description')} />
      <InquiryStatusField {...field('status')} />
      {formState.errors.root?.message && <Alert tone="error">{formState.errors.root.message}</Alert>}
    </HubEditForm>
  );
}
