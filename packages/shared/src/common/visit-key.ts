import { z } from 'zod';

/** A visit's key in a path: `o{cleaning id}` or `r{schedule id}-{yyyymmddThhmmssZ}` (docs/api.md). */
export const visitKey = z
  .string()
  .max(60, 'A visit key is at most 60 characters.')
  .describe('o{cleaning id} or r{schedule id}-{yyyymmddThhmmssZ}');

export const visitKeyParams = z.object({ key: visitKey });
