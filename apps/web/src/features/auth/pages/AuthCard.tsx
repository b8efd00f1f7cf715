import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/ui/cx';
import { SubmitButton } from '../../../lib/ui/FormStatus';
import { Card } from '../../../lib/ui/Page';
import { TextField } from '../../../lib/ui/TextField';

/** The frame of the sign-in and password pages: a narrow card under its heading. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-brand-950 break-words sm:text-3xl">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/** The form of an auth page, under its heading. */
export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
      {children}
    </form>
  );
}

/** A link from one auth page to another, underlined in the brand colour. */
export function AuthLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link className={cx('font-semibold text-brand-800 underline underline-offset-4', className)} {...props} />
  );
}

/** The account's username: never auto-capitalised or spell-checked. */
export function UsernameField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** An auth page's submit button, as wide as the card. */
export function AuthSubmit(props: Omit<ComponentProps<typeof SubmitButton>, 'className'>) {
  return <SubmitButton className="w-full" {...props} />;
}

/** The line under an auth form that leads to the other page: "Forgot your password? Reset here". */
export function AuthPrompt({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <p className="text-center text-sm text-stone-700">
      {text} <AuthLink to={to}>{link}</AuthLink>
    </p>
  );
}
