/** Claim names of LTI 1.3 and its services (1EdTech). */
const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
export const claim = {
  messageType: `${lti}message_type`,
  version: `${lti}version`,
  deploymentId: `${lti}deployment_id`,
  targetLinkUri: `${lti}target_link_uri`,
  resourceLink: `${lti}resource_link`,
  roles: `${lti}roles`,
  context: `${lti}context`,
  custom: `${lti}custom`,
  launchPresentation: `${lti}launch_presentation`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const scopes = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  result: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;
