import { DELAYS, signinSchema } from '@clean/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { FormFeedback } from '../../../lib/ui/FormStatus';
import { TextField } from '../../../lib/ui/TextField';
import { useFeedback } from '../../../lib/useFeedback';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useZodForm } from '../../../lib/useZodForm';
import { useSignIn } from '../api';
import { randomCelebration } from '../celebrations';
import { useSession } from '../session';
import { AuthCard, AuthForm, AuthLink, AuthPrompt, AuthSubmit, UsernameField } from './AuthCard';

const HUB = { to: '/contact-center', name: 'the Contact Center' };

export function SignInPage() {
  const signIn = useSignIn();
  usePageMeta('Sign In', 'Sign in to manage bookings, packages, gallery photos and reviews.');
  const { login, user } = useSession();
  // A cleaner's first page is their day; the owner's is the hub (which a cleaner is refused anyway).
  const home = user?.is_admin === false ? { to: '/my-day', name: 'your day' } : HUB;
  const navigate = useNavigate();
  const { feedback, attempt } = useFeedback();
  const [celebration, setCelebration] = useState<string | null>(null);
  const { field, handleSubmit, watch, formState } = useZodForm(signinSchema, { username: '', password: '' });

  const typedName = watch('username').trim();
  const name = typedName || 'Admin';

  useEffect(() => {
    if (!celebration) return;
    const timer = window.setTimeout(() => navigate(home.to), DELAYS.signinCelebrationMs);
    return () => window.clearTimeout(timer);
  }, [celebration, navigate, home.to]);

  const onSubmit = handleSubmit((values) =>
    attempt(
      async () => {
        const { token } = await signIn.mutateAsync(values);
        if (!token) throw new Error('No token in response');
        login(token);
        setCelebration(randomCelebration());
        return null;
      },
      (err) =>
        errorMessage(err, 'Sign-in failed. Please try again.', 'Something went wrong. Please try again.'),
    ),
  );

  return (
    <AuthCard title={`Welcome Back, ${name}!`}>
      {celebration ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success">
            <p className="text-base font-semibold">{celebration}</p>
            <p className="mt-1">Taking you to {home.name}…</p>
          </Alert>
          <AuthLink to={home.to} className="text-sm">
            Go now
          </AuthLink>
        </div>
      ) : (
        <AuthForm onSubmit={onSubmit}>
          <p className="text-sm text-stone-700">Sign in to the owner’s Contact Center.</p>
          <FormFeedback feedback={feedback} />
          <UsernameField {...field('username')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <AuthSubmit busy={formState.isSubmitting} busyLabel="Signing in…" label="Sign In" />
          <AuthPrompt text="Forgot your password?" to="/forgot-password" link="Reset here" />
        </AuthForm>
      )}
    </AuthCard>
  );
}
