export * from './schema/audit';
export * from './schema/classes';
export * from './schema/curriculum';
export * from './schema/evidence';
export * from './schema/jobs';
export * from './schema/lti';
export * from './schema/settings';
export * from './schema/users';
