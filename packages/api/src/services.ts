// `@evident/api/services`: what apps/server calls outside tRPC — the same rules the procedures use,
// for routes of its own (single sign-on, an LTI launch telling admins of a waiting teacher), the demo
// seed, the upload sweep, and the live feed and its limits, which its tests read. Everything else in this package is private to it.

export { resetPasswordUrl } from './routers/auth/password-reset';
export { signInWithProvider, staffLinkMessage } from './routers/auth/single-sign-on';
export { feedCapacity, feedOf } from './routers/live/event-feed';
export { sessionRecheckMs } from './routers/live/live-events';
export { recordEvidence } from './routers/student/record-evidence';
export { setUpUnitForStudent } from './routers/student/set-up-unit';
export { queueApprovalRequests } from './rules/approval-requests';
export { reclaimExpiredUploads } from './rules/upload-quota';
