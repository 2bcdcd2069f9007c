import { AppError } from '@evident/core/errors';
import { lookupIdSchema } from '@evident/core/lookup-id';
import type { Database } from '@evident/db/client';
import { syncClassWithRoster } from '@evident/db/queries/lti-classes';
import { type LaunchPolicy, recordLtiLaunch } from '@evident/db/queries/lti-launches';
import { enrolRosterInCourse, listSyncableContexts } from '@evident/db/queries/lti-links';
import { findLtiPlatformById } from '@evident/db/queries/lti-platforms';
import { z } from 'zod';
import type { Services } from '../../context';
import { queueApprovalRequests } from '../../rules/approval-requests';

const noRoster = 'Course not found, or its platform offers no roster';

/** A path's course id (`POST /api/assessor/lti/courses/{courseId}/sync`). */
export const ltiCourseInput = z.object({ courseId: lookupIdSchema('Course', noRoster) });

/** Who asks: an approved assessor syncs the courses they launched into as a teacher; an admin any. */
export type CourseTeacher = {
  userId: string;
  anyCourse: boolean;
  /** Recorded on the enrolments a sync ends: the admin behind an assessor they view as. */
  actorId?: string;
};

const course = z.object({ id: z.string(), title: z.string().nullable(), label: z.string().nullable() });
export const ltiCoursesOutput = z.array(course);
/** What a roster sync did, in counts. */
export const rosterSyncOutput = z.object({
  course,
  members: z.number(),
  students: z.number(),
  assessors: z.number(),
  enrolled: z.number(),
  classId: z.string().nullable(),
  classEnrolled: z.number(),
  classEnded: z.number(),
});

/** LMS courses whose roster this person may pull in (with the roster service offered). */
export async function listLtiCourses(db: Database, who: CourseTeacher) {
  const courses = await listSyncableContexts(db, who);
  return courses.map(({ id, title, label }) => ({ id, title, label }));
}

/**
 * Names and Role Provisioning: the course's roster (every page) pulled in. Each active member becomes
 * (or stays) a person linked by platform and subject, as a launch would make them; students are
 * enrolled in the units the course's links open and in the course's class; teachers assess the
 * class; students who left the roster have their class enrolment ended.
 */
export async function syncLtiCourse(
  services: Pick<Services, 'db' | 'ltiRoster' | 'log' | 'assessorSignup' | 'jobs' | 'publicUrl'>,
  who: CourseTeacher,
  courseId: string,
) {
  const { db, ltiRoster } = services;
  if (!ltiRoster) throw new AppError('CONFLICT', 'LTI is not switched on for this server');
  const course = (await listSyncableContexts(db, who)).find((c) => c.id === courseId);
  if (!course?.membershipsUrl) throw new AppError('NOT_FOUND', noRoster);
  const platform = await findLtiPlatformById(db, course.platformId);
  if (!platform) throw new AppError('NOT_FOUND', 'The course platform is no longer registered');
  const members = await ltiRoster.members({ platformId: platform.id, membershipsUrl: course.membershipsUrl });

  const students: { userId: string; subject: string }[] = [];
  const assessorIds: string[] = [];
  let waiting = 0;
  const policy: LaunchPolicy = {
    assessorSignup: services.assessorSignup,
    // A teacher new to Evident waits for approval, and the admins are told, as for a launch.
    whenAwaitingApproval: async (tx, assessor) => {
      waiting += 1;
      await queueApprovalRequests(tx, {
        assessor,
        via: 'lms',
        course: course.title ?? course.label,
        appUrl: services.publicUrl,
      });
    },
  };
  for (const member of members.filter((m) => m.active)) {
    const { user, roleRefused } = await recordLtiLaunch(
      db,
      {
        platformId: platform.id,
        issuer: platform.issuer,
        subject: member.subject,
        role: member.role,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        context: null,
        resourceLink: null,
      },
      policy,
    );
    // A student the roster calls a teacher stays a student, and neither learns nor assesses here.
    if (roleRefused) continue;
    if (user.role === 'student') students.push({ userId: user.id, subject: member.subject });
    else if (member.role === 'assessor') assessorIds.push(user.id);
  }
  if (waiting > 0) services.jobs.wake();
  const enrolled = await enrolRosterInCourse(db, {
    contextId: course.id,
    members: students.map((s) => ({ userId: s.userId, platformUserId: s.subject })),
  });
  const placed = await syncClassWithRoster(db, {
    contextRowId: course.id,
    issuer: platform.issuer,
    students,
    assessorIds,
    actorId: who.actorId ?? who.userId,
  });
  services.log.info(
    `LTI roster sync for course ${course.id}: ${members.length} members, ${enrolled} unit enrolments added, ` +
      `${placed.enrolled} class enrolments added, ${placed.ended} ended`,
  );
  return {
    course: { id: course.id, title: course.title, label: course.label },
    members: members.length,
    students: students.length,
    assessors: members.filter((m) => m.active && m.role === 'assessor').length,
    enrolled,
    classId: placed.classId,
    classEnrolled: placed.enrolled,
    classEnded: placed.ended,
  };
}
