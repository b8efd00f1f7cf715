import type { Person } from './people';

/** A choice that is no one person ("Everyone", "Nobody yet"): the select's value for it and what it reads. */
export type OtherChoice = { value: string; label: string };

/**
 * The Agenda's select of people (whose visits to show, who cleans a visit): each person by name, their id as the
 * value, between the choices that name no one person.
 */
export function PersonSelect({
  id,
  people,
  value,
  onChange,
  before = [],
  after = [],
  disabled,
  className,
}: {
  id: string;
  people: Person[];
  value: string;
  onChange: (value: string) => void;
  before?: OtherChoice[];
  after?: OtherChoice[];
  disabled?: boolean;
  className: string;
}) {
  const option = (choice: OtherChoice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  );
  return (
    <select
      id={id}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    >
      {before.map(option)}
      {people.map((p) => option({ value: String(p.id), label: p.name }))}
      {after.map(option)}
    </select>
  );
}
