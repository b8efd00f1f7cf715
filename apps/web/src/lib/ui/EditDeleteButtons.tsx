import type { ComponentProps, ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';

/** Edit and Delete of one item; `subject` completes the buttons' accessible names ("Edit {subject}"). */
export type EditDeleteActions = { subject: string; onEdit: () => void; onDelete: () => void };

type ButtonLook = Pick<ComponentProps<typeof Button>, 'variant' | 'className'>;

/** On a card of the owner's hub, and under an item of a public page (a package, a review) as two halves. */
const LOOKS = {
  card: {
    row: 'mt-4 flex flex-wrap gap-2',
    edit: { variant: 'secondary' },
    remove: { variant: 'ghost', className: 'text-red-700 hover:bg-red-50' },
  },
  item: {
    row: 'flex gap-2',
    edit: { variant: 'secondary', className: 'flex-1' },
    remove: { variant: 'secondary', className: 'flex-1 border-red-700 text-red-800 hover:bg-red-50' },
  },
} satisfies Record<string, { row: string; edit: ButtonLook; remove: ButtonLook }>;

/** The owner's Edit and Delete buttons for one item; `children` go first (e.g. Approve). */
export function EditDeleteButtons({
  subject,
  onEdit,
  onDelete,
  look,
  deleting,
  className,
  children,
}: EditDeleteActions & {
  look: keyof typeof LOOKS;
  /** This item's delete is under way. */
  deleting?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const { row, edit, remove } = LOOKS[look];
  return (
    <div className={cx(className, row)}>
      {children}
      <Button {...edit} aria-label={`Edit ${subject}`} onClick={onEdit}>
        Edit
      </Button>
      <Button {...remove} disabled={deleting} aria-label={`Delete ${subject}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
