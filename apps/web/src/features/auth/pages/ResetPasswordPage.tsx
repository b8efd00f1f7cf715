import { DELAYS, resetPasswordSchema } from '@clean/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { FormFeedback } from '../../../lib/ui/FormStatus';
import { TextField } from '../../../lib/ui/TextField';
import { useFeedback } from '../../../lib/useFeedback';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useResetPassword } from '../api';
import { AuthCard, AuthForm, AuthLink, AuthSubmit } from './AuthCard';

/**
 * Client-side rules (docs/product.md#sign-in-forgotten-and-reset-password), in order; returns the message to show
 * or null.
 */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (!password || !confirm) return 'Both fields are required.';
  if (password !== confirm) return 'Passwords do not match.';
  const parsed = resetPasswordSchema.safeParse({ new_password: password });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid password.');
}

export function ResetPasswordPage() {
  const resetPassword = useResetPassword();
  usePageMeta('Reset Password', 'Choose a new password for your account.');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { feedback, setFeedback, attempt } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const done = feedback?.tone === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/signin'), DELAYS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    if (problem) {
      setFeedback({ tone: 'error', text: problem });
      return;
    }
    setSubmitting(true);
    await attempt(
      async () => {
        const res = await resetPassword.mutateAsync({ token, new_password: password });
        return res?.message || 'Password reset successful!';
      },
      (err) =>
        errorMessage(
          err,
          'Failed to reset password. Please try again.',
          'Something went wrong. Please try again later.',
        ),
    );
    setSubmitting(false);
  }

  // The two password boxes differ only in their label and value.
  const passwordFields = [
    { label: 'New Password', value: password, set: setPassword },
    { label: 'Confirm Password', value: confirm, set: setConfirm },
  ];

  return (
    <AuthCard title="Reset Password">
      {!token ? (
        <div className="mt-6 space-y-4">
          <Alert tone="error">Invalid or missing token.</Alert>
          <p className="text-sm text-stone-700">
            Reset links expire. <AuthLink to="/forgot-password">Request a new link</AuthLink>
          </p>
        </div>
      ) : (
        <AuthForm onSubmit={onSubmit}>
          <FormFeedback feedback={feedback} />
          {passwordFields.map(({ label, value, set }) => (
            <TextField
              key={label}
              label={label}
              type="password"
              autoComplete="new-password"
              required
              value={value}
              onChange={(e) => set(e.target.value)}
              disabled={done}
            />
          ))}
          <AuthSubmit busy={submitting} disabled={done} busyLabel="Resetting…" label="Reset Password" />
        </AuthForm>
      )}
    </AuthCard>
  );
}
