import type { Role } from '@evident/core/roles';
import type { QueryPath } from '../data-layer/query-keys';

/** A first screen: the module that draws it and the queries it shows. */
export type FirstScreen = { module: string; queries: QueryPath[] };

/**
 * Issue 20: what each role's first screen needs, by page, for public/boot.js to ask for alongside
 * the app's entry script (build/prerender.ts turns the modules into the built chunks' names). Only
 * queries without input, under the paths the screens' own hooks use: a query listed here that a
 * screen no longer makes costs one wasted request, never wrong data.
 */
export const firstScreens: Record<string, Partial<Record<Role, FirstScreen>>> = {
  '/': {
    student: {
      module: 'src/features/student/student-home.tsx',
      queries: ['student.tasks.list', 'student.unitOutcomes.list'],
    },
    assessor: {
      module: 'src/features/assessor/matrix/evidence-matrix-page.tsx',
      queries: ['staff.evidenceMatrix.get', 'staff.classFilter.get'],
    },
    rto_admin: { module: 'src/features/admin/admin-dashboard.tsx', queries: ['admin.stats.get'] },
    validator: {
      module: 'src/features/validation/my-validation-rounds-page.tsx',
      queries: ['staff.validationRounds.list'],
    },
  },
  // The Evidence Matrix by its own address, as the assessor's menu links it (issue 31 §3): the screen
  // of `/`, for the staff who may open it.
  '/matrix': {
    assessor: {
      module: 'src/routes/matrix.tsx',
      queries: ['staff.evidenceMatrix.get', 'staff.classFilter.get'],
    },
    rto_admin: {
      module: 'src/routes/matrix.tsx',
      queries: ['staff.evidenceMatrix.get', 'staff.classFilter.get'],
    },
  },
  '/grading': {
    // The class filter too: the queue waits for it, and without it the first render was a skeleton
    // and the submissions a second, blocking one.
    assessor: {
      module: 'src/features/assessor/grading-page.tsx',
      queries: ['staff.submissions.list', 'staff.classFilter.get'],
    },
  },
};

/**
 * Code every signed-in screen runs: the shell around it, the tRPC data layer, and the two halves of
 * the UI kit that src/start-up/load-first-screen.ts runs one at a time.
 */
export const signedInModules = [
  'src/features/shell/signed-in-shell.tsx',
  'src/data-layer/data-libraries.ts',
  'src/data-layer/trpc-client.ts',
  'src/ui-kit/overlays.ts',
  'src/ui-kit/basics.ts',
];
