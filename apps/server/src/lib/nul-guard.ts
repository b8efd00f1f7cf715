import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors';

/** No payload of this API nests deeper than a few levels; anything past this is an attack, not a form. */
export const MAX_NESTING = 32;

type Verdict = 'ok' | 'nul' | 'surrogate' | 'too-deep';

/** A string PostgreSQL can store as sent: no NUL, no lone UTF-16 surrogate (stored as U+FFFD otherwise). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const textVerdict = (text: string): Verdict =>
  text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : 'ok';

/**
 * Walks a parsed body, query or params with an explicit stack (a recursive walk overflowed on 5,000-deep
 * JSON and answered 500), looking for NUL characters and refusing absurd nesting before anything else
 * (Zod included) walks it.
 */
export function inspect(root: unknown): Verdict {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      const verdict = textVerdict(value);
      if (verdict !== 'ok') return verdict;
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_NESTING) return 'too-deep';
      if (Array.isArray(value)) {
        for (const child of value) stack.push([child, depth + 1]);
      } else {
        for (const [key, child] of Object.entries(value)) {
          const verdict = textVerdict(key);
          if (verdict !== 'ok') return verdict;
          stack.push([child, depth + 1]);
        }
      }
    }
  }
  return 'ok';
}

/**
 * PostgreSQL text cannot hold a NUL character: refuse it up front (400) instead of failing in the database.
 * Deeply nested input is refused the same way.
 */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.query, request.params, request.body]) {
      const verdict = inspect(part);
      if (verdict === 'nul') throw new ValidationError('Text must not contain NUL characters.');
      if (verdict === 'surrogate')
        throw new ValidationError('Text must be valid Unicode (it holds half of a surrogate pair).');
      if (verdict === 'too-deep') throw new ValidationError('The request is nested too deeply.');
    }
  });
}
