import {
  type BookingRequestInput,
  HEARD_FROM,
  HEARD_FROM_LABELS,
  type HeardFrom,
  OTHER_TOWN,
  PAGE_FORMS,
} from '@clean/shared';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { HydratedPart } from '../../lib/hydration';
import { landingSource, UTM_PARAMS } from '../../lib/lead-source';
import { firstValues, usePostedForm } from '../../lib/posted-form';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Options, SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { FormFeedback, SubmitButton } from '../../lib/ui/FormStatus';
import { PhoneInput } from '../../lib/ui/PhoneInput';
import { TextField } from '../../lib/ui/TextField';
import { useFeedback } from '../../lib/useFeedback';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { usePackages } from '../packages/api';
import { BOOKING_MESSAGES, useBookingRequest } from './api';
import { QuoteSection, type QuoteState } from './QuoteSection';

/** The contact fields the shared schema checks, as the form holds them (text). */
type FormValues = Record<
  'name' | 'email' | 'phone_number' | 'call_or_text' | 'town' | 'street_address' | 'zip' | 'description',
  string
>;

const loadSchema = () => import('./booking-schema').then((m) => m.bookingRequestInput);

const FORM_ID = 'booking-request';

const EMPTY: FormValues = {
  name: '',
  email: '',
  phone_number: '',
  call_or_text: 'call',
  // The "Select your town" option: the schema refuses it with its message.
  town: '',
  street_address: '',
  zip: '',
  description: '',
};
// The chosen time is checked with them: the schema needs the street address only when a time is chosen.
const FIELDS = [...Object.keys(EMPTY), 'requested_start'];

const isHeardFrom = (value: string): value is HeardFrom => (HEARD_FROM as readonly string[]).includes(value);

/** A form control's value as text ('' when absent). */
const formText = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Our booking request form (docs/product.md#contact-and-the-booking-form): creates an inquiry with status New
 * Inquiry. A plain HTML form posted to /contact before or without script (the server answers with the page and its
 * message); once the page is live, checked here and sent as JSON. "Book Now" on a package links here with the package
 * chosen.
 *
 * With the owner's price table it is also the instant quote (docs/product.md#prices-and-the-quote): the estimate
 * follows every change in the browser (the shared `quote()`, no request), and the open times for the estimate's
 * length are offered; without script "See price" renders the page again with both.
 */
/** The summary of a refused post without script, at the form's top: the post's address points at it. */
const PROBLEM_ID = 'booking-problem';

export function BookingForm() {
  const { towns } = useSiteConfig();
  const booking = useBookingRequest();
  const posted = usePostedForm('booking');
  const [params] = useSearchParams();
  const packages = usePackages().data ?? [];
  // The estimate and the time live in QuoteSection (a change there re-renders only it); sending reads them here.
  const quoteRef = useRef<QuoteState>(null);
  const [defaults] = useState(() => firstValues(EMPTY, FORM_ID, posted));
  const { feedback, attempt } = useFeedback(
    posted?.message
      ? { tone: 'error', text: posted.message }
      : params.get('sent') === '1'
        ? { tone: 'success', text: BOOKING_MESSAGES.sent }
        : null,
  );
  const [phone, setPhone] = useState(defaults.phone_number);
  const heardFrom = posted?.values.heard_from ?? params.get('heard_from') ?? '';
  // A visit that landed on /contact with a campaign's parameters: kept in the form itself, so a post without
  // script carries them too (with script, the tab's landing record says the same).
  const utm = UTM_PARAMS.map(
    (name) => [name, posted?.values[name] ?? params.get(name) ?? ''] as const,
  ).filter(([, value]) => value);

  const { formRef, errors, busy, onSubmit, onChange, reset } = useSchemaForm({
    load: loadSchema,
    fields: FIELDS,
    serverErrors: posted?.errors,
    onValid: (input) =>
      attempt(
        async () => {
          const data = new FormData(formRef.current ?? undefined);
          const landing = landingSource();
          const extras: Partial<BookingRequestInput> = {};
          for (const name of UTM_PARAMS) {
            const value = formText(data, name) || landing[name];
            if (value) extras[name] = value;
          }
          if (landing.referrer) extras.referrer = landing.referrer;
          const heard = formText(data, 'heard_from');
          if (isHeardFrom(heard)) extras.heard_from = heard;
          const chosen = quoteRef.current;
          if (chosen?.start) extras.requested_start = chosen.start;
          if (chosen?.quote) extras.quote = chosen.quote;
          const pkg = packages.find((p) => p.id === chosen?.packageId)?.title;
          try {
            await booking.mutateAsync({ ...input, ...(pkg ? { package: pkg } : {}), ...extras });
          } catch (err) {
            // The time was taken meanwhile: fresh times are on their way; nothing is chosen until the visitor picks.
            if (err instanceof ApiError && err.status === 409) quoteRef.current?.clearTime();
            throw err;
          }
          reset(EMPTY);
          setPhone('');
          quoteRef.current?.clearTime();
          return BOOKING_MESSAGES.sent;
        },
        (err) => errorMessage(err, BOOKING_MESSAGES.failed, BOOKING_MESSAGES.network),
      ),
  });
  /** What a text control needs: its name, its first value (server-rendered) and its message. */
  const field = (name: keyof FormValues) => ({ name, defaultValue: defaults[name], error: errors[name] });

  return (
    <form
      id={FORM_ID}
      ref={formRef}
      method="post"
      // A refused post without script comes back as this page: the browser opens it at the problem's summary.
      action={`${PAGE_FORMS.booking}#${PROBLEM_ID}`}
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      aria-label="Booking request"
      className="space-y-5"
    >
      {posted?.message && (
        <div id={PROBLEM_ID} tabIndex={-1}>
          <Alert tone="error">{posted.message}</Alert>
        </div>
      )}
      {/* Hydrated in parts, each in a task of its own (docs/performance.md): the estimate's part, then within it
          the contact fields' (a nested part hydrates after the one around it). */}
      <HydratedPart>
        <QuoteSection stateRef={quoteRef} packages={packages} />
        <HydratedPart>
          <TextField label="Name" autoComplete="name" required {...field('name')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <PhoneInput
              name="phone_number"
              value={phone}
              onValueChange={setPhone}
              error={errors.phone_number}
              label="Phone number"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(860) 555-0123"
            />
          </div>
          <p className="-mt-2 text-xs text-stone-600">
            Give us an email address or a phone number (or both).
          </p>

          <fieldset>
            <legend className="text-sm font-medium text-stone-800">Should we call or text you?</legend>
            <div className="mt-2 flex gap-6">
              {(['call', 'text'] as const).map((option) => (
                <label key={option} className="flex items-center gap-2 text-base text-stone-800">
                  <input
                    type="radio"
                    value={option}
                    name="call_or_text"
                    defaultChecked={defaults.call_or_text === option}
                    className="h-5 w-5 accent-brand-700"
                  />
                  {option === 'call' ? 'Call' : 'Text'}
                </label>
              ))}
            </div>
          </fieldset>

          <SelectField label="Town" {...field('town')}>
            <option value="">Select your town</option>
            <Options values={towns} />
            <option value={OTHER_TOWN}>Other</option>
          </SelectField>
          <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
            <TextField
              label="Street address"
              hint="Needed when you pick a time."
              autoComplete="street-address"
              maxLength={200}
              {...field('street_address')}
            />
            <TextField
              label="ZIP"
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              {...field('zip')}
            />
          </div>

          <TextAreaField
            label="What can we help with?"
            rows={5}
            placeholder="Home or office, size, how often, anything we should know…"
            {...field('description')}
          />

          <SelectField
            label="How did you hear about us? (optional)"
            name="heard_from"
            defaultValue={heardFrom}
          >
            <option value="">Choose one</option>
            <Options values={HEARD_FROM.map((key) => ({ value: key, label: HEARD_FROM_LABELS[key] }))} />
          </SelectField>
          {utm.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}

          {/* The refused post's message is the summary at the top; later ones (with script) show here by the button. */}
          <FormFeedback feedback={posted?.message && feedback?.text === posted.message ? null : feedback} />
          <SubmitButton className="w-full sm:w-auto" busy={busy} busyLabel="Sending…" label="Send Request" />
        </HydratedPart>
      </HydratedPart>
    </form>
  );
}
