import type { EventBus } from '@evident/core/ports/events';
import type { VideoConverter } from '@evident/core/ports/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { recordEvents, recordPdf } from './live-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const pe = `The candidate must demonstrate:
checking the work area for hazards before starting
selecting and fitting personal protective equipment
reporting an incident to the supervisor`;

const newTask = {
  title: 'Sign the permit',
  description: 'Sign the permit to work',
  tooltip: 'Ask your supervisor',
};

describe('mutations publish their domain events after they commit', () => {
  it('a student setting up a new unit publishes tasks.generated and their enrolment; the next student only an enrolment', async () => {
    const first = await (await env.signedIn('student')).caller();
    const seen = recordEvents(env.services.events);
    const { unitId } = await first.student.units.setUp({ unitCode: 'HLTINF006' });
    expect(seen.events).toEqual([
      { type: 'tasks.generated', unitId },
      { type: 'enrolment.created', studentId: expect.any(String), unitId },
    ]);

    const second = await env.signedIn('student');
    seen.events.length = 0;
    await (await second.caller()).student.units.setUp({ unitCode: 'HLTINF006' });
    seen.stop();
    expect(seen.events).toEqual([{ type: 'enrolment.created', studentId: second.user.id, unitId }]);
  });

  it('a student recording evidence publishes submission.created with whose and which ids', async () => {
    const { student, caller, task } = await studentWithUnit(env);
    const seen = recordEvents(env.services.events);
    const recorded = await recordPdf(env, caller, task.id);
    seen.stop();
    expect(seen.events).toEqual([
      {
        type: 'submission.created',
        submissionId: recorded.submission.id,
        studentId: student.user.id,
        taskId: task.id,
        unitId: task.unitId,
      },
    ]);
  });

  it('an admin creating, editing, regenerating and deleting a unit publishes unit.changed and tasks.generated', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const seen = recordEvents(env.services.events);
    const unit = await admin.admin.units.create({
      unitCode: 'TEST001',
      title: 'Test unit',
      performanceEvidence: pe,
    });
    await admin.admin.units.update({
      id: unit.id,
      unitCode: 'TEST001',
      title: 'Renamed',
      performanceEvidence: pe,
    });
    await admin.admin.units.generateTasks({ id: unit.id });
    await admin.admin.units.delete({ id: unit.id });
    seen.stop();
    expect(seen.events).toEqual([
      { type: 'unit.changed', unitId: unit.id },
      { type: 'unit.changed', unitId: unit.id },
      { type: 'tasks.generated', unitId: unit.id },
      { type: 'unit.changed', unitId: unit.id },
    ]);
  });

  it('an admin adding, editing, moving and deleting a task publishes tasks.changed for its unit', async () => {
    const admin = await (await env.signedIn('rto_admin')).caller();
    const unit = await admin.admin.units.create({
      unitCode: 'TEST002',
      title: 'Task unit',
      performanceEvidence: pe,
    });
    await admin.admin.units.generateTasks({ id: unit.id });
    const seen = recordEvents(env.services.events);
    const task = await admin.admin.tasks.create({ unitId: unit.id, ...newTask });
    await admin.admin.tasks.update({ taskId: task.id, ...newTask, title: 'Sign the permit first' });
    const { tasks } = await admin.admin.tasks.list({ unitId: unit.id });
    await admin.admin.tasks.reorder({ unitId: unit.id, taskIds: tasks.map((t) => t.id).reverse() });
    await admin.admin.tasks.delete({ taskId: task.id });
    seen.stop();
    expect(seen.events).toEqual(Array(4).fill({ type: 'tasks.changed', unitId: unit.id }));
  });

  it('registering publishes user.changed for the new account', async () => {
    const visitor = await env.browser().caller();
    const seen = recordEvents(env.services.events);
    const { user } = await visitor.auth.accounts.register({
      firstName: 'Rae',
      lastName: 'Newcomer',
      email: 'rae.newcomer@example.com',
      password: 'a long enough password',
      role: 'student',
    });
    seen.stop();
    expect(seen.events).toEqual([{ type: 'user.changed', userId: user.id }]);
  });

  it('the video queue publishes video.processed when a video is finished', async () => {
    const converter: VideoConverter = {
      description: 'a test stand-in',
      async convert(source, _options, use) {
        for await (const _ of source) {
          // drain the original
        }
        return use({
          probe: {
            container: 'mov',
            majorBrand: 'qt',
            videoCodec: 'h264',
            pixelFormat: 'yuv420p',
            colorTransfer: null,
            audioCodec: null,
            durationSeconds: 1,
          },
          poster: null,
          playable: null,
        });
      },
    };
    const videoEnv = await createTestEnv({ videoConverter: converter });
    try {
      const { student, caller, task } = await studentWithUnit(videoEnv);
      const processed = new Promise((resolve) => {
        videoEnv.services.events.subscribe((event) => {
          if (event.type === 'video.processed') resolve(event);
        });
      });
      const grant = await caller.student.evidence.requestUploadUrl({
        fileName: 'Walkthrough.mov',
        fileType: 'video/quicktime',
      });
      const mov = Buffer.concat([
        Buffer.from('00000014667479707174202000000000717420200000', 'hex'),
        Buffer.alloc(2000),
      ]);
      await videoEnv.services.storage.put(grant.objectPath, mov, 'video/quicktime');
      const recorded = await caller.student.evidence.record({
        taskId: task.id,
        fileName: 'Walkthrough.mov',
        fileType: 'video/quicktime',
        objectPath: grant.objectPath,
      });
      expect(await processed).toEqual({
        type: 'video.processed',
        fileId: recorded.file.id,
        submissionId: recorded.submission.id,
        studentId: student.user.id,
      });
    } finally {
      await videoEnv.close();
    }
  });
});

describe('a publish that fails', () => {
  it('never fails the mutation that committed; the failure is logged', async () => {
    const lines: string[] = [];
    const broken: EventBus = {
      publish: () => Promise.reject(new Error('the bus is down')),
      subscribe: () => () => {},
    };
    const brokenEnv = await createTestEnv({
      events: broken,
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    try {
      const admin = await (await brokenEnv.signedIn('rto_admin')).caller();
      const unit = await admin.admin.units.create({ unitCode: 'TEST003', title: 'Still saved' });
      expect((await admin.admin.units.get({ id: unit.id })).title).toBe('Still saved');
      expect(lines.join('\n')).toContain('could not publish unit.changed');
    } finally {
      await brokenEnv.close();
    }
  });

  it('a listener that throws does not keep the event from the others, nor fail the mutation', async () => {
    const stopBroken = env.services.events.subscribe(() => {
      throw new Error('listener fell over');
    });
    const seen = recordEvents(env.services.events);
    try {
      const admin = await (await env.signedIn('rto_admin')).caller();
      const unit = await admin.admin.units.create({ unitCode: 'TEST004', title: 'Heard anyway' });
      expect(seen.events).toEqual([{ type: 'unit.changed', unitId: unit.id }]);
    } finally {
      stopBroken();
      seen.stop();
    }
  });
});
