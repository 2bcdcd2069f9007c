// `@evident/api/rest`: the spec's `/api` paths over the procedures, how one is run, and their OpenAPI document.
export { buildOpenApiDocument } from './openapi';
export { type RestRoute, restRoutes } from './routes';
export { runRestRoute } from './run-route';
