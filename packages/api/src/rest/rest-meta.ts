/**
 * How a procedure is reached over REST, declared where the procedure is (`.meta({ rest: ... })`);
 * `rest-routes.ts` makes the route table and `openapi.ts` the document from these.
 */
export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A file for a download: the procedure answers `{ fileName, contentType, content }`. */
export type RestDownload = {
  /** The file's type for the OpenAPI document (the answer's `contentType` is what is sent). */
  mediaType: string;
  /** `base64`: the content is bytes in base64 (tRPC answers JSON only), sent as bytes over REST. */
  encoding?: 'text' | 'base64';
  /** `no-store` unless given. */
  cacheControl?: string;
};

export type RestMeta = {
  /** GET for a query, any other for a mutation (a read-only token may only GET). */
  method: RestMethod;
  /**
   * The spec's path. Each `{name}` fills the input field of that name, laid over the body or query
   * string so that a body cannot point the call at another record than its path.
   */
  path: `/api/${string}`;
  /** A path parameter that fills a field of another name, as published before: `{ id: 'userId' }`. */
  pathFields?: Record<string, string>;
  /** Of two procedures on one GET path, this one answers when the query string has any parameter. */
  withQuery?: true;
  /** The success status when not 200: 201 sends the answer, 204 nothing. */
  status?: 201 | 204;
  /** Sends this field of the answer instead of the whole answer. */
  field?: string;
  /** A null answer is refused with this status and text instead. */
  whenNull?: { status: 401 | 404; text: string };
  download?: RestDownload;
};

/** Every procedure's meta (`initTRPC.meta`). */
export type ProcedureMeta = { rest?: RestMeta };
