import { expect, it } from 'vitest';
import { resetTokenFrom } from '../support/mail';

it('reads a token that starts like a quoted-printable escape from plain text', () => {
  expect(resetTokenFrom('go to http://x/reset-password?token=A1DP3h-_z now')).toBe('A1DP3h-_z');
});

it('reads a token across quoted-printable soft line breaks', () => {
  const raw =
    'Content-Transfer-Encoding: quoted-printable\r\n\r\nhttp://x/reset-password?token=3DAB=\r\nCD12';
  expect(resetTokenFrom(raw)).toBe('ABCD12');
});
