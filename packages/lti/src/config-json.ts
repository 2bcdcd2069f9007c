import { scopes } from './claims';

/**
 * The tool's configuration in Canvas's developer-key JSON format (LTI 1.3 "Paste JSON"), built from
 * the public URL; other platforms read the same URLs off the /lti-config screen.
 */
export function canvasToolConfiguration(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const host = new URL(base).hostname;
  return {
    title: 'Evident',
    description:
      'Evidence collection and vocational assessment: students gather evidence, assessors grade it.',
    oidc_initiation_url: `${base}/lti/login`,
    target_link_uri: `${base}/lti/launch`,
    public_jwk_url: `${base}/lti/keys`,
    scopes: [scopes.lineItem, scopes.lineItemReadOnly, scopes.result, scopes.score, scopes.memberships],
    extensions: [
      {
        domain: host,
        tool_id: 'evident',
        platform: 'canvas.instructure.com',
        privacy_level: 'public',
        settings: {
          text: 'Evident',
          placements: [
            {
              placement: 'link_selection',
              message_type: 'LtiDeepLinkingRequest',
              target_link_uri: `${base}/lti/deeplink`,
            },
            {
              placement: 'assignment_selection',
              message_type: 'LtiDeepLinkingRequest',
              target_link_uri: `${base}/lti/deeplink`,
            },
            {
              placement: 'course_navigation',
              message_type: 'LtiResourceLinkRequest',
              target_link_uri: `${base}/lti/launch`,
            },
          ],
        },
      },
    ],
    // Deep-linked links carry their own `unit_code`; these help an admin trace a launch to a course.
    custom_fields: { canvas_course_id: '$Canvas.course.id', canvas_user_login_id: '$Canvas.user.loginId' },
  };
}
