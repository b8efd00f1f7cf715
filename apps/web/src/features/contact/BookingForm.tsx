import { type BookingRequestInput, numberParam, OTHER_TOWN, PAGE_FORMS } from '@clean/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useSiteConfig } from '../../lib/site-config';
import { Options, SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { FormFeedback, SubmitButton } from '../../lib/ui/FormStatus';
import { PhoneField } from '../../lib/ui/PhoneField';
import { TextField } from '../../lib/ui/TextField';
import { useFeedback } from '../../lib/useFeedback';
import { firstValues, usePostedForm, useZodForm } from '../../lib/useZodForm';
import { usePackages } from '../packages/api';
import { BOOKING_MESSAGES, useBookingRequest } from './api';

type FormValues = BookingRequestInput;

const loadSchema = () => import('./booking-schema').then((m) => m.bookingRequestInput);

const FORM_ID = 'booking-request';

const EMPTY: FormValues = {
  name: '',
  email: '',
  phone_number: '',
  call_or_text: 'call',
  // The "Select your town" option: the schema refuses it with its message.
  town: '' as FormValues['town'],
  description: '',
  package: '',
};

/**
 * Our booking request form (DESIGN §5.4): creates an inquiry with status New Inquiry. A plain HTML form posted to
 * /contact before or without script (the server answers with the page and its message); once the page is live,
 * checked here and sent as JSON. "Book Now" on a package links here with the package chosen.
 */
export function BookingForm() {
  const { towns } = useSiteConfig();
  const booking = useBookingRequest();
  const posted = usePostedForm('booking');
  const [params] = useSearchParams();
  const packages = usePackages().data ?? [];
  const chosen = packages.find((pkg) => pkg.id === numberParam(params.get('package')))?.title ?? '';
  const [defaults] = useState(() => firstValues({ ...EMPTY, package: chosen }, FORM_ID, posted));
  const { feedback, attempt } = useFeedback(
    posted?.message
      ? { tone: 'error', text: posted.message }
      : params.get('sent') === '1'
        ? { tone: 'success', text: BOOKING_MESSAGES.sent }
        : null,
  );
  const { field, register, control, handleSubmit, reset, formState, getValues, setValue } = useZodForm(
    loadSchema,
    defaults,
    posted?.errors,
  );
  // Reached in the app before the packages had loaded: the package is chosen once they have.
  useEffect(() => {
    if (chosen && !getValues('package')) setValue('package', chosen);
  }, [chosen, getValues, setValue]);

  const onSubmit = handleSubmit((input) =>
    attempt(
      async () => {
        await booking.mutateAsync(input);
        reset(EMPTY);
        return BOOKING_MESSAGES.sent;
      },
      (err) => errorMessage(err, BOOKING_MESSAGES.failed, BOOKING_MESSAGES.network),
    ),
  );

  return (
    <form
      id={FORM_ID}
      method="post"
      action={PAGE_FORMS.booking}
      onSubmit={onSubmit}
      noValidate
      aria-label="Booking request"
      className="space-y-5"
    >
      <TextField label="Name" autoComplete="name" required {...field('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PhoneField
          control={control}
          name="phone_number"
          holds="shown"
          label="Phone number"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(860) 555-0123"
        />
      </div>
      <p className="-mt-2 text-xs text-stone-600">Give us an email address or a phone number (or both).</p>

      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Should we call or text you?</legend>
        <div className="mt-2 flex gap-6">
          {(['call', 'text'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-base text-stone-800">
              <input
                type="radio"
                value={option}
                defaultChecked={defaults.call_or_text === option}
                className="h-5 w-5 accent-brand-700"
                {...register('call_or_text')}
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

      {packages.length > 0 && (
        <SelectField label="Package (optional)" {...field('package')}>
          <option value="">Not sure yet</option>
          <Options values={packages.map((pkg) => pkg.title)} />
        </SelectField>
      )}

      <TextAreaField
        label="What can we help with?"
        rows={5}
        placeholder="Home or office, size, how often, anything we should know…"
        {...field('description')}
      />

      <FormFeedback feedback={feedback} />
      <SubmitButton
        className="w-full sm:w-auto"
        busy={formState.isSubmitting}
        busyLabel="Sending…"
        label="Send Request"
      />
    </form>
  );
}
