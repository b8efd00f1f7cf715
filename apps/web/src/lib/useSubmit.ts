import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from './failure';

/**
 * A mutation sent from a form, and how its last run ended: `error` (`failure` with the server's reason)
 * or `success` (set by the caller). Each run clears both, so an old message never outlives a new try.
 */
export function useSubmit<V, R>(mutation: UseMutationResult<R, Error, V, unknown>, failure: string) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  function run(variables: V, onSuccess?: (result: R) => void) {
    setError(null);
    setSuccess(null);
    mutation.mutate(variables, {
      onSuccess: (result) => onSuccess?.(result),
      onError: (err) => setError(failureMessage(failure, err)),
    });
  }

  return { run, error, success, succeed: setSuccess, busy: mutation.isPending };
}
