import type { ReactNode } from 'react';
import { type EditDeleteActions, EditDeleteButtons } from './EditDeleteButtons';

/** The white card every record of the owner's hub is shown in (view and edit modes alike). */
export const hubCardClass = 'h-full rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';

export const hubCardHeadingClass = 'text-lg font-semibold break-words text-brand-950';

/**
 * One record in view mode. `subject` names it in running text ("one-time cleaning for Ann"): the card is
 * labelled by it, capitalised, and its buttons add "Edit" / "Delete" before it.
 */
export function HubCard({
  subject,
  title,
  children,
}: {
  subject: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <article className={hubCardClass} aria-label={subject.charAt(0).toUpperCase() + subject.slice(1)}>
      {title && <h3 className={hubCardHeadingClass}>{title}</h3>}
      {children}
    </article>
  );
}

/** The card's label / value rows; fill with `Fact`s. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">{children}</dl>;
}

export function Fact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className="font-medium text-stone-600">{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

export function NotesFact({ notes }: { notes: string | null }) {
  return (
    <Fact term="Notes" className="break-words whitespace-pre-line">
      {notes || 'No notes'}
    </Fact>
  );
}

/** Edit and Delete for the record `subject` names; `children` go first (e.g. Approve). */
export function CardActions(props: EditDeleteActions & { children?: ReactNode }) {
  return <EditDeleteButtons look="card" {...props} />;
}
