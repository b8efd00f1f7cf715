/** The look of the Pricing section's cards, and the minutes inputs every part of its table shares. */
export const card = 'space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6';
export const minutesProps = { type: 'number', inputMode: 'numeric', min: 0, max: 720, step: 5 } as const;
