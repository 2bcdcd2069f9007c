/**
 * The LTI tool's signing keys, for the admin procedures (the LTI adapter in apps/server; null with
 * LTI off): a Dynamic Registration invitation signed with the current key, and key rotation.
 */
export type LtiKeys = {
  /** A link an LMS administrator pastes into their platform to register the tool, good for a day. */
  registrationLink(): Promise<string>;
  /** A new key signs from now on; the old one stays published a while. Answers the new key's id. */
  rotate(): Promise<string>;
};
