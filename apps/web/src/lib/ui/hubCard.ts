/** The white card every record of the owner's hub is shown in (view and edit modes alike). */
export const hubCardClass = 'h-full rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';
