import { type IncomingMessage, maxHeaderSize, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { newId } from '../lib/ids.js';
import { countByAddress } from './plugins/access.js';
import { errorBody } from './plugins/errors.js';
import type { RateLimitStore } from './rate-limit-store.js';

/** How long a refused connection may stay open for its answer to be read. */
const LINGER_MS = 2_000;

type ParserError = Error & { code?: string };

function describe(err: ParserError): ApiError {
  const details = { reason: err.code ?? 'unknown' };
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError(
      'invalid_request_error',
      'parameter_invalid',
      `Request headers exceed ${maxHeaderSize} bytes.`,
      {
        details: { ...details, max_header_bytes: maxHeaderSize },
      },
    );
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('invalid_request_error', 'parameter_invalid', 'The request was not received in time.', {
      details,
    });
  }
  // llhttp's reasons are fixed texts ("Invalid method encountered"), never the caller's bytes.
  const reason = (err as { reason?: string }).reason ?? err.message;
  return new ApiError('invalid_request_error', 'parameter_invalid', `Malformed HTTP request: ${reason}`, { details });
}

/**
 * The rate-limit headers for an address. A request the HTTP parser refused has no Fastify request, so
 * the address counter is given the two things it reads: the client address and a logger.
 */
async function addressHeaders(store: RateLimitStore, ip: string | undefined, log: FastifyBaseLogger) {
  const headers: Record<string, string> = {};
  const request = { ip: ip ?? 'unknown', url: '/', log } as unknown as FastifyRequest;
  const reply = { header: (name: string, value: unknown) => (headers[name] = String(value)) };
  await countByAddress(store, request, reply as unknown as FastifyReply).catch(() => {});
  return headers;
}

function answer(socket: Socket, error: ApiError, requestId: string, extra: Record<string, string>) {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  // Pipelined behind a request that is whole and still being served: answered after it, so that each
  // answer pairs with its request. (When that request's own body broke, this answer is its answer.)
  if (inFlight && !inFlight.writableFinished && inFlight.req.complete && !inFlight.headersSent) {
    inFlight.once('finish', () => answer(socket, error, requestId, extra));
    inFlight.once('close', () => inFlight.writableFinished || socket.destroy());
    return;
  }
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(error, requestId));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    ...extra,
    Date: new Date().toUTCString(),
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${head.join('')}\r\n${body}`);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Node's HTTP parser refuses some requests before any handler sees them (bad bytes in a header, an
 * unknown method, headers over the size limit, a timeout). They still get the envelope, a request id
 * and the rate-limit headers of their address; the error is logged without the raw bytes it carries.
 */
export function clientErrorHandler(store: RateLimitStore) {
  const answered = new WeakSet<Socket>();
  // Fastify calls it with the instance as `this`.
  return function onClientError(this: FastifyInstance, err: ParserError, socket: Socket) {
    // One answer per connection, however many errors its later bytes raise.
    if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const requestId = newId('request');
    const error = describe(err);
    this.log.debug({ err, request_id: requestId, remoteAddress: socket.remoteAddress }, 'malformed request refused');
    addressHeaders(store, socket.remoteAddress, this.log).then((headers) => answer(socket, error, requestId, headers));
  };
}

/**
 * Requests Node would answer itself, bypassing the app, are routed like any other instead. CONNECT goes
 * to a 'connect' listener and, without one, the connection is dropped without a word: it gets the
 * envelope of an unknown route. An `Expect` other than 100-continue would be a bare 417: it is ignored
 * (RFC 9110 allows that) and the request served as usual.
 */
export function routeNodeSpecials(app: FastifyInstance) {
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => app.routing(req, res));
  app.server.on('connect', (req: IncomingMessage, duplex: Duplex) => {
    const socket = duplex as Socket;
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.on('finish', () => {
      res.detachSocket(socket);
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    });
    app.routing(req, res);
  });
}
