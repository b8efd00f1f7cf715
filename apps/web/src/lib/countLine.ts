/** The line over a searched list: `none` when nothing matches, else the count and the noun ("1 record"). */
export function countLine(total: number, none: string, one: string, many: string): string {
  return total === 0 ? none : `${total} ${total === 1 ? one : many}`;
}
