import type { IncomingMessage } from 'node:http';
import { newId } from '../lib/ids.js';

const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is safe to echo, otherwise a fresh req_ id. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && CALLER_ID.test(given) && !/svc_/i.test(given)) return given;
  return newId('request');
}
