import { type ForgotPasswordInput, forgotPasswordSchema } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { Card } from '../../../lib/ui/Page';
import { TextField } from '../../../lib/ui/TextField';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useRequestPasswordReset } from '../api';

type Feedback = { tone: 'success' | 'error'; text: string };

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  usePageMeta('Forgot Password', 'Request a password reset link by e-mail.');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { username: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFeedback(null);
    try {
      const res = await requestReset.mutateAsync(values);
      setFeedback({ tone: 'success', text: res?.message || 'Password reset link sent to your email.' });
      reset();
    } catch (err) {
      setFeedback({
        tone: 'error',
        text: errorMessage(
          err,
          'Failed to send reset email. Please try again.',
          'Something went wrong. Please try again.',
        ),
      });
    }
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">Forgot Password</h1>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
          <p className="text-sm text-stone-700">
            Enter your username and we’ll e-mail you a link to choose a new password.
          </p>
          {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.username?.message}
            {...register('username')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send Reset Link'}
          </Button>
          <p className="text-center text-sm text-stone-700">
            Remembered it?{' '}
            <Link to="/signin" className="font-semibold text-brand-800 underline underline-offset-4">
              Back to Sign In
            </Link>
          </p>
        </form>
      </Card>
    </div>
  );
}
