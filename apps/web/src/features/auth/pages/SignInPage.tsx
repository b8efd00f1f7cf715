import { DELAYS, type SigninInput, signinSchema } from '@clean/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { Alert } from '../../../lib/ui/Alert';
import { Button } from '../../../lib/ui/Button';
import { Card } from '../../../lib/ui/Page';
import { TextField } from '../../../lib/ui/TextField';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useSignIn } from '../api';
import { randomCelebration } from '../celebrations';
import { useSession } from '../session';

export function SignInPage() {
  const signIn = useSignIn();
  usePageMeta('Sign In', 'Sign in to manage bookings, packages, gallery photos and reviews.');
  const { login } = useSession();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [celebration, setCelebration] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SigninInput>({
    resolver: zodResolver(signinSchema),
    defaultValues: { username: '', password: '' },
  });

  const typedName = watch('username').trim();
  const name = typedName || 'Admin';

  useEffect(() => {
    if (!celebration) return;
    const timer = window.setTimeout(() => navigate('/contact-center'), DELAYS.signinCelebrationMs);
    return () => window.clearTimeout(timer);
  }, [celebration, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { token } = await signIn.mutateAsync(values);
      if (!token) throw new Error('No token in response');
      login(token);
      setCelebration(randomCelebration());
    } catch (err) {
      setServerError(
        errorMessage(err, 'Sign-in failed. Please try again.', 'Something went wrong. Please try again.'),
      );
    }
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-brand-950 break-words sm:text-3xl">
          Welcome Back, {name}!
        </h1>
        {celebration ? (
          <div className="mt-6 space-y-4">
            <Alert tone="success">
              <p className="text-base font-semibold">{celebration}</p>
              <p className="mt-1">Taking you to the Contact Center…</p>
            </Alert>
            <Link
              to="/contact-center"
              className="text-sm font-semibold text-brand-800 underline underline-offset-4"
            >
              Go now
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
            <p className="text-sm text-stone-700">Sign in to the owner’s Contact Center.</p>
            {serverError && <Alert tone="error">{serverError}</Alert>}
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              error={errors.username?.message}
              {...register('username')}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...register('password')}
            />
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Signing in…' : 'Sign In'}
            </Button>
            <p className="text-center text-sm text-stone-700">
              Forgot your password?{' '}
              <Link
                to="/forgot-password"
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                Reset here
              </Link>
            </p>
          </form>
        )}
      </Card>
    </div>
  );
}
