/**
 * The client's errors: ApiError for an answer in the spec's error envelope (any non-2xx), and
 * ApiConnectionError when no answer came (refused, reset, timed out) after every retry.
 */
/**
 * The spec's error envelope, written out rather than taken from the generated types, so that renaming
 * its component schema or turning `type`/`code` into enums in openapi.json changes nothing here.
 */
export interface ErrorEnvelope {
  error: {
    type: string;
    code: string;
    message: string;
    param?: string;
    request_id: string;
    details?: Record<string, unknown>;
  };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The envelope's `error.type`, e.g. `invalid_request_error`. */
  readonly type: string;
  /** The envelope's `error.code`, e.g. `parameter_invalid`. */
  readonly code: string;
  /** The parameter the error is about, when there is one. */
  readonly param: string | undefined;
  /** The envelope's `error.request_id` (on a replayed error: the first request's), else `X-Request-Id`. */
  readonly requestId: string | undefined;
  /** The envelope's `error.details`, when present. */
  readonly details: Record<string, unknown> | undefined;
  /** `Retry-After` of the last answer, in seconds, when it was given as seconds. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers?: Headers) {
    const e = envelopeOf(body);
    super(e?.message ?? `HTTP ${status} without the error envelope`);
    this.status = status;
    this.type = e?.type ?? 'api_error';
    this.code = e?.code ?? 'unexpected_response';
    this.param = e?.param;
    this.requestId = e?.request_id ?? headers?.get('x-request-id') ?? undefined;
    this.details = e?.details;
    const retryAfter = headers?.get('retry-after');
    this.retryAfter = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  }
}

export class ApiConnectionError extends Error {
  override readonly name = 'ApiConnectionError';
  constructor(
    message: string,
    /** True when the last attempt ran out of its time rather than failing to connect. */
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function envelopeOf(body: unknown): ErrorEnvelope['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const e = (body as { error: unknown }).error;
  if (typeof e !== 'object' || e === null) return undefined;
  const { type, code, message } = e as Record<string, unknown>;
  if (typeof type !== 'string' || typeof code !== 'string' || typeof message !== 'string') return undefined;
  return e as ErrorEnvelope['error'];
}

/** What an openapi-fetch call resolves to, whatever the operation. */
export interface CallResult<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call, or an ApiError for an error answer:
 * `const org = await unwrap(admin.POST('/admin/v1/organizations', { body: { name } }))`.
 */
export async function unwrap<D>(call: CallResult<D> | Promise<CallResult<D>>): Promise<Exclude<D, undefined>> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw new ApiError(response.status, error, response.headers);
  return data as Exclude<D, undefined>;
}
