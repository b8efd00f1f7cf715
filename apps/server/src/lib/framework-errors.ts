import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers Fastify and Node give before any route or error handler runs, in the API's one error shape
 * `{ "error": "sentence" }`: an address that cannot be decoded (400) or with a path segment past the router's
 * limit (414), and a request whose head Node's parser refuses (431 too many header bytes, 408, 400).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ error: 'The address is too long.' });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ error: 'The address is not valid.' });
  return reply.status(400).send({ error: 'Bad request.' });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/** Node's `clientError`: the connection cannot carry a request, so answer on the socket and close it. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'The request is malformed.'];
  const body = JSON.stringify({ error });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
