import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSms = { to: string; from: string; body: string };

/**
 * A local peer speaking Twilio's Messages API: POST /2010-04-01/Accounts/{SID}/Messages.json, basic auth SID:token,
 * a form with To, From and Body; answers 201 with the message's JSON (a `sid` like Twilio's `SM…`), 401 for wrong
 * credentials, 400 for a missing field (Twilio's code 21604), and `failWith` while set (an outage).
 */
export async function startSmsEndpoint(accountSid = 'AC0123456789abcdef', authToken = 'test-auth-token-1') {
  const received: ReceivedSms[] = [];
  let refused = 0;
  const state: { failWith: number | undefined } = { failWith: undefined };
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
        return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (req.headers.authorization !== expected) {
        refused++;
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (state.failWith)
        return answer(state.failWith, { code: 20500, message: 'Internal error', status: state.failWith });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const [to, from, body] = [form.get('To'), form.get('From'), form.get('Body')];
      if (
        !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ||
        !to ||
        !from ||
        !body
      )
        return answer(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      received.push({ to, from, body });
      answer(201, {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: accountSid,
        to,
        from,
        body,
        status: 'queued',
        date_created: new Date().toUTCString(),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    received,
    state,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
