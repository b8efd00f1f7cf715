import { DELAYS, resetPasswordSchema } from '@clean/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { Card } from '../../../lib/ui/Page';
import { TextField } from '../../../lib/ui/TextField';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useResetPassword } from '../api';

type Feedback = { tone: 'success' | 'error'; text: string };

/** Client-side rules (spec §5), in order; returns the message to show or null. */
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
  const [feedback, setFeedback] = useState<Feedback | null>(null);
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
    setFeedback(null);
    setSubmitting(true);
    try {
      const res = await resetPassword.mutateAsync({ token, new_password: password });
      setFeedback({ tone: 'success', text: res?.message || 'Password reset successful!' });
    } catch (err) {
      setFeedback({
        tone: 'error',
        text: errorMessage(
          err,
          'Failed to reset password. Please try again.',
          'Something went wrong. Please try again later.',
        ),
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">Reset Password</h1>
        {!token ? (
          <div className="mt-6 space-y-4">
            <Alert tone="error">Invalid or missing token.</Alert>
            <p className="text-sm text-stone-700">
              Reset links expire.{' '}
              <Link
                to="/forgot-password"
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                Request a new link
              </Link>
            </p>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
            {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={done}
            />
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              disabled={done}
            />
            <Button type="submit" className="w-full" disabled={submitting || done}>
              {submitting ? 'Resetting…' : 'Reset Password'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
