import { forgotPasswordSchema } from '@clean/shared';
import { errorMessage } from '../../../lib/api';
import { FormFeedback } from '../../../lib/ui/FormStatus';
import { useFeedback } from '../../../lib/useFeedback';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useZodForm } from '../../../lib/useZodForm';
import { useRequestPasswordReset } from '../api';
import { AuthCard, AuthForm, AuthPrompt, AuthSubmit, UsernameField } from './AuthCard';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  usePageMeta('Forgot Password', 'Request a password reset link by e-mail.');
  const { feedback, attempt } = useFeedback();
  const { field, handleSubmit, reset, formState } = useZodForm(forgotPasswordSchema, { username: '' });

  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        const res = await requestReset.mutateAsync(values);
        reset();
        return res?.message || 'Password reset link sent to your email.';
      },
      (err) =>
        errorMessage(
          err,
          'Failed to send reset email. Please try again.',
          'Something went wrong. Please try again.',
        ),
    ),
  );

  return (
    <AuthCard title="Forgot Password">
      <AuthForm onSubmit={onSubmit}>
        <p className="text-sm text-stone-700">
          Enter your username and we’ll e-mail you a link to choose a new password.
        </p>
        <FormFeedback feedback={feedback} />
        <UsernameField {...field('username')} />
        <AuthSubmit busy={formState.isSubmitting} busyLabel="Sending…" label="Send Reset Link" />
        <AuthPrompt text="Remembered it?" to="/signin" link="Back to Sign In" />
      </AuthForm>
    </AuthCard>
  );
}
