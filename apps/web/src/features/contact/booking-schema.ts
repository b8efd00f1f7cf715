/** The booking form's schema, in a chunk of its own: /contact loads it (and Zod) when the form is first checked. */
export { bookingRequestInput } from '@clean/shared';
