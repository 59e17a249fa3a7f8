import type { BodyOf, OperationName, Operations, ParamsOf, QueryOf, ResponseOf } from '@oasis/schema';

/** What a call of operation N takes, as its row types it: path parameters and a body where it has them. */
export type CallInput<N extends OperationName> = (ParamsOf<Operations[N]> extends undefined
  ? { readonly params?: undefined }
  : { readonly params: ParamsOf<Operations[N]> }) &
  (BodyOf<Operations[N]> extends undefined
    ? { readonly body?: undefined }
    : { readonly body: BodyOf<Operations[N]> }) &
  // Query parameters are optional on the wire; the server answers a missing required one with a 422.
  (QueryOf<Operations[N]> extends undefined
    ? { readonly query?: undefined }
    : { readonly query?: QueryOf<Operations[N]> });

/** The input may be left out when the operation has neither path parameters nor a body. */
export type CallArgs<N extends OperationName, Options> =
  ParamsOf<Operations[N]> extends undefined
    ? BodyOf<Operations[N]> extends undefined
      ? [input?: CallInput<N>, options?: Options]
      : [input: CallInput<N>, options?: Options]
    : [input: CallInput<N>, options?: Options];

/** Operations answering JSON, which `call` reads; the others (files, zips) are links. */
export type JsonOperationName = {
  [N in OperationName]: Operations[N] extends { readonly produces: string } ? never : N;
}[OperationName];

export type FileOperationName = Exclude<OperationName, JsonOperationName>;

/** Operations a file is sent to (multipart, with upload progress): new files, and another installation's bundle. */
export type UploadOperationName = 'uploadCreate' | 'uploadRawPut' | 'uploadBundleImport';

export type CallResponse<N extends OperationName> = ResponseOf<Operations[N]>;
