import { useId } from 'react';
import { PersonSelect } from './PersonSelect';
import { type PersonFilter as Filter, type Person, personColor } from './people';

/** "Whose visits": everyone, nobody's yet, or one person's; and the colour each person's visits carry. */
export function PersonFilter({
  people,
  value,
  onChange,
}: {
  people: Person[];
  value: Filter;
  onChange: (value: Filter) => void;
}) {
  const id = useId();
  if (people.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-700">
      <label htmlFor={id} className="font-semibold">
        Whose visits
      </label>
      <PersonSelect
        id={id}
        people={people}
        value={String(value)}
        onChange={(v) => onChange(v === 'all' || v === 'none' ? v : Number(v))}
        before={[{ value: 'all', label: 'Everyone' }]}
        after={[{ value: 'none', label: 'Nobody assigned' }]}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
      />
      <ul aria-label="People" className="flex flex-wrap gap-x-3 gap-y-1">
        {people.map((p) => (
          <li key={p.id} className="inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full"
              style={{ background: personColor(p.id) }}
            />{' '}
            {p.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
