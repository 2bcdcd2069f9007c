import type { Role } from '@evident/core/roles';

const contextRole = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

/** Context roles that assess: teaching staff of the course, not institution-wide roles. */
const assessing = new Set(['Instructor', 'TeachingAssistant', 'ContentDeveloper', 'Administrator']);

/**
 * The role a launch gives. Full context role URIs and their sub-roles (`membership/Instructor#TeachingAssistant`)
 * count, as do the deprecated short names (`Instructor`), which LTI 1.3 reads as context roles.
 * Institution and system roles, unknown roles and no role at all make a student with no extra rights.
 */
export function roleFromLtiRoles(roles: readonly string[]): Extract<Role, 'student' | 'assessor'> {
  for (const role of roles) {
    const name = role.startsWith(contextRole)
      ? role.slice(contextRole.length)
      : role.startsWith('http://purl.imsglobal.org/vocab/lis/v2/membership/')
        ? (role.slice('http://purl.imsglobal.org/vocab/lis/v2/membership/'.length).split('#')[0] ?? '')
        : role.includes(':') || role.includes('/')
          ? ''
          : role;
    if (assessing.has(name)) return 'assessor';
  }
  return 'student';
}
