/** The reset token inside an e-mail body (plain text, or quoted-printable as SMTP delivers it). */
export function resetTokenFrom(body: string): string {
  const decoded = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decoded);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${body}`);
  return match[1];
}
