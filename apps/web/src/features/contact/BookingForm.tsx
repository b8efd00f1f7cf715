import { type BookingRequestInput, bookingRequestInput, OTHER_TOWN } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { phoneShownChange } from '../../lib/phone';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { inputClass, TextField } from '../../lib/ui/TextField';
import { BOOKING_MESSAGES, useBookingRequest } from './api';

type FormValues = BookingRequestInput;

const EMPTY: FormValues = {
  name: '',
  email: '',
  phone_number: '',
  call_or_text: 'call',
  // The "Select your town" option: the schema refuses it with its message.
  town: '' as FormValues['town'],
  description: '',
};

/** Our booking request form (DESIGN §5.4): creates an inquiry with status New Inquiry. */
export function BookingForm() {
  const { towns } = useSiteConfig();
  const booking = useBookingRequest();
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const ids = { town: useId(), description: useId(), contact: useId() };
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof bookingRequestInput>>({
    resolver: zodResolver(bookingRequestInput),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (input) => {
    setFeedback(null);
    try {
      await booking.mutateAsync(input);
      reset(EMPTY);
      setFeedback({ tone: 'success', text: BOOKING_MESSAGES.sent });
    } catch (err) {
      setFeedback({
        tone: 'error',
        text: errorMessage(err, BOOKING_MESSAGES.failed, BOOKING_MESSAGES.network),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Booking request" className="space-y-5">
      <TextField
        label="Name"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Controller
          control={control}
          name="phone_number"
          render={({ field }) => (
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(860) 555-0123"
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={phoneShownChange(field.value ?? '', field.onChange)}
              onBlur={field.onBlur}
              error={errors.phone_number?.message}
            />
          )}
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
                className="h-5 w-5 accent-brand-700"
                {...register('call_or_text')}
              />
              {option === 'call' ? 'Call' : 'Text'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-1.5">
        <label htmlFor={ids.town} className="block text-sm font-medium text-stone-800">
          Town
        </label>
        <select
          id={ids.town}
          className={inputClass}
          aria-invalid={errors.town ? true : undefined}
          aria-describedby={errors.town ? `${ids.town}-error` : undefined}
          {...register('town')}
        >
          <option value="">Select your town</option>
          {towns.map((town) => (
            <option key={town} value={town}>
              {town}
            </option>
          ))}
          <option value={OTHER_TOWN}>Other</option>
        </select>
        {errors.town && (
          <p id={`${ids.town}-error`} className="text-sm text-red-700">
            {errors.town.message}
          </p>
        )}
      </div>

      <div className="space-y-1.5">
        <label htmlFor={ids.description} className="block text-sm font-medium text-stone-800">
          What can we help with?
        </label>
        <textarea
          id={ids.description}
          rows={5}
          placeholder="Home or office, size, how often, anything we should know…"
          className={inputClass}
          aria-invalid={errors.description ? true : undefined}
          {...register('description')}
        />
        {errors.description && <p className="text-sm text-red-700">{errors.description.message}</p>}
      </div>

      {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Sending…' : 'Send Request'}
      </Button>
    </form>
  );
}
