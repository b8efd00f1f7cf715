import { type BillingSettings, type BillingSettingsInput, billingSettingsSchema } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { CheckboxField, Options, SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { FormFeedback, SubmitButton } from '../../lib/ui/FormStatus';
import { TextField } from '../../lib/ui/TextField';
import { useFeedback } from '../../lib/useFeedback';
import { billingQueryOptions, useSaveBilling } from './api';

type Draft = {
  rate: string;
  label: string;
  includes: boolean;
  terms: string;
  instructions: string;
  link: string;
  recurring: BillingSettings['recurring_billing'];
  reminders: string;
  permit: string;
};

const draftOf = (s: BillingSettings): Draft => ({
  rate: String(s.tax_rate_percent),
  label: s.tax_label,
  includes: s.prices_include_tax,
  terms: String(s.terms_days),
  instructions: s.payment_instructions,
  link: s.payment_link ?? '',
  recurring: s.recurring_billing,
  reminders: s.overdue_reminder_days.join(', '),
  permit: s.tax_permit_number ?? '',
});

// Blank or not a number stays NaN, so the shared schema names the field instead of sending a made-up 0.
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const documentOf = (d: Draft): BillingSettingsInput => ({
  tax_rate_percent: toNumber(d.rate),
  tax_label: d.label,
  prices_include_tax: d.includes,
  terms_days: toNumber(d.terms),
  payment_instructions: d.instructions,
  payment_link: d.link.trim() === '' ? null : d.link.trim(),
  recurring_billing: d.recurring,
  overdue_reminder_days: d.reminders
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(toNumber),
  tax_permit_number: d.permit.trim() === '' ? null : d.permit,
});

/** Billing (hub, Site tab): the sales tax, the terms, how customers pay; checked with the server's rules first. */
export function BillingSection() {
  const { data } = useQuery(billingQueryOptions);
  if (!data) return <p role="status">Loading the billing settings…</p>;
  return <BillingForm key={JSON.stringify(data)} settings={data} />;
}

function BillingForm({ settings }: { settings: BillingSettings }) {
  const headingId = useId();
  const save = useSaveBilling();
  const { feedback, setFeedback, attempt } = useFeedback();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const bind = (key: Exclude<keyof Draft, 'includes'>) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const document = documentOf(draft);
    const checked = billingSettingsSchema.safeParse(document);
    if (!checked.success) {
      return setFeedback({
        tone: 'error',
        text: checked.error.issues[0]?.message ?? 'Please check the form.',
      });
    }
    await attempt(
      async () => {
        await save.mutateAsync(document);
        return 'Saved: new invoices and the booking form’s estimate use these settings now.';
      },
      (err) => errorMessage(err, 'The billing settings could not be saved.'),
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Billing
      </h2>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
        <FormFeedback feedback={feedback} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Sales tax rate (%)" inputMode="decimal" required {...bind('rate')} />
          <TextField label="Tax label" required {...bind('label')} />
          <TextField label="Days to pay" inputMode="numeric" required {...bind('terms')} />
          <TextField label="Tax permit number" {...bind('permit')} />
        </div>
        <CheckboxField
          label="My prices already include the tax"
          checked={draft.includes}
          onChange={(e) => {
            const includes = e.currentTarget.checked;
            setDraft((d) => ({ ...d, includes }));
          }}
        />
        <TextAreaField label="Payment instructions" rows={3} {...bind('instructions')} />
        <TextField
          label="Payment link"
          hint="An https:// link (Zelle, Venmo, Stripe or Square). Leave empty for none."
          type="url"
          inputMode="url"
          {...bind('link')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Recurring customers are billed" {...bind('recurring')}>
            <Options
              values={[
                { value: 'per_visit', label: 'After each visit' },
                { value: 'monthly', label: 'Monthly, on the 1st' },
              ]}
            />
          </SelectField>
          <TextField
            label="Remind late payers (days after due)"
            hint="Up to 3, separated by commas."
            {...bind('reminders')}
          />
        </div>
        <SubmitButton busy={save.isPending} busyLabel="Saving…" label="Save billing" />
      </form>
    </section>
  );
}
