/**
 * The picker's filter (spec section 5: image, audio, PDF, DOC and DOCX; plus video, which the landing
 * page promises). Extensions and MIME types both, because some phones match only one of the two.
 */
export const evidenceAccept = [
  'image/*',
  'audio/*',
  'video/*',
  '.pdf',
  '.doc',
  '.docx',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');
