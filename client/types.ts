/**
 * The generated `paths` split by surface, with the Idempotency-Key header made optional: the client
 * sets it itself (transport.ts), so a caller never has to, even where the document declares it required.
 */
import type { paths } from './generated/api.js';

type IdempotencyHeader = 'Idempotency-Key' | 'idempotency-key';

/** The header object with the Idempotency-Key entries optional and the others unchanged. */
type OptionalKeyHeader<H> = Omit<H, IdempotencyHeader> & {
  [K in Extract<keyof H, IdempotencyHeader>]?: H[K];
};

/** `header` stays required only when a header other than Idempotency-Key is. */
type LooseParameters<P> = P extends { header: infer H extends object }
  ? Omit<P, 'header'> &
      (Partial<Omit<H, IdempotencyHeader>> extends Omit<H, IdempotencyHeader>
        ? { header?: OptionalKeyHeader<H> }
        : { header: OptionalKeyHeader<H> })
  : P;

type LooseOperation<O> = O extends { parameters: infer P }
  ? Omit<O, 'parameters'> & { parameters: LooseParameters<P> }
  : O;

type Loose<T> = {
  [Path in keyof T]: { [M in keyof T[Path]]: M extends 'parameters' ? T[Path][M] : LooseOperation<T[Path][M]> };
};

type Surface<T, Prefix extends string> = { [K in keyof T as K extends `${Prefix}${string}` ? K : never]: T[K] };

/** Exported for the type tests, which check the loosening on a document that requires the header. */
export type LoosePaths<T> = Loose<T>;

/** The public surface (`/v1`), for an organization or location key. */
export type PublicPaths = Loose<Surface<paths, '/v1/'>>;

/** The admin surface (`/admin/v1`), for an admin key. */
export type AdminPaths = Loose<Surface<paths, '/admin/v1/'>>;
