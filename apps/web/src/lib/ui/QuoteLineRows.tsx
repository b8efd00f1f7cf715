import { formatMoney, type Quote } from '@clean/shared';

/** A quote's lines as table rows (label, amount): the one layout of a price wherever a quote shows. */
export function QuoteLineRows({ lines }: { lines: Quote['lines'] }) {
  return (
    <tbody>
      {lines.map((line) => (
        <tr key={line.label}>
          <th scope="row" className="py-0.5 pr-2 text-left font-normal text-stone-700">
            {line.label}
          </th>
          <td className="py-0.5 text-right whitespace-nowrap tabular-nums text-stone-900">
            {formatMoney(line.amount)}
          </td>
        </tr>
      ))}
    </tbody>
  );
}
