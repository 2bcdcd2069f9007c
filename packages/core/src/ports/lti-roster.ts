/**
 * Names and Role Provisioning behind a port: the LTI adapter fetches a course's roster (every page,
 * with a token signed by the tool's key) and maps each member's platform roles; the procedures
 * decide what the roster changes.
 */
export type LtiRosterMember = {
  /** The platform's user id (the launch's `sub`). */
  subject: string;
  role: 'student' | 'assessor';
  firstName: string;
  lastName: string;
  email: string | null;
  /** Inactive or deleted members have left the course. */
  active: boolean;
};

export type LtiRoster = {
  /** Throws an AppError (UPSTREAM_FAILED) with the platform's answer when it gives no roster. */
  members(course: { platformId: string; membershipsUrl: string }): Promise<LtiRosterMember[]>;
};
