// `@evident/api/jobs`: the background job handlers and worker apps/server wires (mail, graded mail,
// thumbnails, video, event fan-out, the waiting-work digest and its schedule), and the job
// constructors tests queue.

export { DIGEST_HOUR, nextDigest } from './digest-schedule';
export { createEventJob, eventJob } from './event-job';
export { createGradedMailJob, gradedMailJob } from './graded-mail-job';
export {
  createJobWorker,
  type JobHandler,
  type JobHandlers,
  type JobWorker,
  type JobWorkerOptions,
} from './job-worker';
export { createMailJob, createQueuedMailer } from './mail-job';
export { createThumbnailJob } from './thumbnail-job';
export { createVideoJob } from './video-job';
export {
  createWaitingWorkDigestJob,
  queueWaitingWorkDigests,
  scheduleWaitingWorkDigest,
  waitingWorkDigestJob,
} from './waiting-work-digest-job';
