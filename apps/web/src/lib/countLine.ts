/**
 * The line over a searched list: `none` when nothing matches, else the count and the noun ("1 record");
 * `more`: the server stopped counting at `total` ("1000+ records").
 */
export function countLine(total: number, none: string, one: string, many: string, more = false): string {
  if (more) return `${total}+ ${many}`;
  return total === 0 ? none : `${total} ${total === 1 ? one : many}`;
}
