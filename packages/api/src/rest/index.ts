// `@evident/api/rest`: the REST routes generated from the procedures, how one is run, their OpenAPI
// document, and the splice that sends database-written JSON inside a tRPC answer as it is.
export {
  DatabaseJson,
  describedSchemaOf,
  type HeldDatabaseJson,
  holdingDatabaseJson,
  spliceDatabaseJson,
} from '../database-json';
export { buildOpenApiDocument } from './openapi';
export { type RestRoute, restRoutes } from './rest-routes';
export { type RestResponse, runRestRoute } from './run-route';
