// `@evident/api/audit-pack`: what an audit pack holds (read from the database) and its manifest; the
// server's `audit-pack` job streams the files into the zip (apps/server/src/audit-pack).
export * from './disposed';
export * from './manifest';
export * from './pack-contents';
export * from './pack-validation';
