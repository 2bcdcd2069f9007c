export type LtiEndpoint = { label: string; path: string; hint: string };

/** The tool's LTI 1.3 endpoints; the page shows each one on the site's own origin. */
export const ltiEndpoints: LtiEndpoint[] = [
  { label: 'Tool/Launch URL', path: '/lti/launch', hint: 'Also called the Target Link URI or Redirect URI.' },
  {
    label: 'Login Initiation URL',
    path: '/lti/login',
    hint: 'Where the platform starts the OpenID Connect login.',
  },
  { label: 'Public Keyset URL', path: '/lti/keys', hint: "The tool's public keys (JWKS)." },
  {
    label: 'Deep Linking URL',
    path: '/lti/deeplink',
    hint: 'Lets teachers pick Evident content when adding an activity.',
  },
  {
    label: 'Configuration JSON',
    path: '/lti/config.json',
    hint: 'Everything above in one file, for platforms that import JSON.',
  },
];
