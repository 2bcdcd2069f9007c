/** The headers of a same-origin JSON request, as the web app sends them. */
export const jsonHeaders = {
  'content-type': 'application/json',
  origin: 'http://localhost:80',
  host: 'localhost:80',
};

/** The options of a same-origin JSON request for `app.inject`, as the web app sends one. */
export const json = (payload: unknown) => ({
  headers: { ...jsonHeaders },
  payload: JSON.stringify(payload),
});
