import { appRouter } from '@evident/api/root';
import { describe, expect, it } from 'vitest';

/**
 * The typed client freezes procedure names for outside scripts, so they follow one scheme:
 * `<area>.<resource>.<action>`. The area is the router, one per role or shared area (who may call it);
 * the resource a noun; the action starts with a verb from this list, so `units.list` and
 * `submissions.grade` read alike and a new procedure cannot slip in as `admin.unitList`.
 */
const verbs = [
  'add',
  'approve',
  'archive',
  'change',
  'close',
  'complete',
  'create',
  'deactivate',
  'delete',
  'email',
  'end',
  'export',
  'fetch',
  'generate',
  'get',
  'grade',
  'issue',
  'join',
  'list',
  'login',
  'logout',
  'reactivate',
  'record',
  'regenerate',
  'register',
  'remove',
  'reorder',
  'request',
  'resend',
  'reset',
  'retry',
  'revoke',
  'search',
  'set',
  'setUp',
  'start',
  'stop',
  'stream',
  'sync',
  'unarchive',
  'update',
  'withdraw',
];
const action = new RegExp(`^(${verbs.join('|')})([A-Z][A-Za-z]*)?$`);

const paths = Object.keys(appRouter._def.procedures);

describe('procedure names', () => {
  it('are all <area>.<resource>.<action>', () => {
    expect(paths.length).toBeGreaterThan(50);
    const offScheme = paths.filter((path) => {
      const segments = path.split('.');
      return (
        segments.length !== 3 ||
        !segments.slice(0, 2).every((segment) => /^[a-z][A-Za-z]*$/.test(segment)) ||
        !action.test(segments[2] ?? '')
      );
    });
    expect(offScheme).toEqual([]);
  });

  it('name the examples the issue gives', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        'admin.units.list',
        'student.evidence.requestUploadUrl',
        'assessor.submissions.grade',
      ]),
    );
  });
});
