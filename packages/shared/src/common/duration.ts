import { z } from 'zod';

/** A visit's length: 15 minutes to 12 hours, in whole minutes. */
export const durationMinutes = (label = 'duration_minutes') =>
  z
    .number({ error: `${label} must be a whole number of minutes.` })
    .int(`${label} must be a whole number of minutes.`)
    .min(15, `${label} must be at least 15 minutes.`)
    .max(720, `${label} must be at most 720 minutes (12 hours).`);
