/** The options of a same-origin JSON request for `app.inject`, as the web app sends one. */
export const json = (payload: unknown) => ({
  headers: { 'content-type': 'application/json', origin: 'http://localhost:80', host: 'localhost:80' },
  payload: JSON.stringify(payload),
});
