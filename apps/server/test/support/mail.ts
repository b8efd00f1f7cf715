/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The reset token inside an e-mail: plain text, or a raw SMTP message that may be quoted-printable. */
export function resetTokenFrom(body: string): string {
  const text = /Content-Transfer-Encoding:\s*quoted-printable/i.test(body)
    ? decodeQuotedPrintable(body)
    : body;
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${body}`);
  return match[1];
}
