import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { api, put, uploadUrl } from './evidence-api';
import { report, signIn, startServer } from './harness';

const taskCount = 40;

export async function benchStudentTasks(): Promise<void> {
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    const admin = await signIn(server.url, 'admin@demo.evident.local', 'evident-demo');
    const unit = await api(server, admin, 'POST', '/api/admin/units', {
      unitCode: 'BENCH40',
      title: 'Benchmark unit with forty tasks',
    });
    for (let i = 1; i <= taskCount; i++) {
      await api(server, admin, 'POST', `/api/admin/units/${String(unit.id)}/tasks`, {
        title: `Benchmark task ${i}`,
        description: `Photograph step ${i} of the job and describe what you did.`,
        tooltip: 'A clear photo of the finished work is enough.',
      });
    }

    // A fresh student, so the dashboard holds exactly this unit's tasks.
    const email = 'bench.student@example.com';
    const password = 'bench-student-password';
    await api(server, '', 'POST', '/api/auth/register', {
      firstName: 'Bench',
      lastName: 'Student',
      email,
      password,
    });
    const student = await signIn(server.url, email, password);
    await api(server, student, 'POST', '/api/units/generate-tasks', { unitCode: 'BENCH40' });
    const tasks = (await api(server, student, 'GET', '/api/student/tasks')) as unknown as { id: string }[];
    if (tasks.length !== taskCount) throw new Error(`student has ${tasks.length} tasks, not ${taskCount}`);

    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 140, b: 90 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    for (const task of tasks) {
      const file = { fileName: 'photo.jpg', fileType: 'image/jpeg' };
      const grant = await uploadUrl(server, student, { ...file, fileSize: photo.length });
      await put(grant.uploadUrl, file.fileType, photo.length, Readable.from([photo]));
      await api(server, student, 'POST', '/api/evidence', {
        ...file,
        taskId: task.id,
        objectPath: grant.objectPath,
      });
    }
    const withSubmissions = (await api(server, student, 'GET', '/api/student/tasks')) as unknown as {
      submission: unknown;
    }[];
    const submitted = withSubmissions.filter((task) => task.submission !== null).length;
    if (submitted !== taskCount) throw new Error(`${submitted} of ${taskCount} tasks have a submission`);

    const result = await autocannon({
      url: `${server.url}/api/student/tasks`,
      connections: 50,
      duration: 10,
      headers: { cookie: student },
    });
    report(
      'GET /api/student/tasks, 40 tasks + 40 submissions: requests/s',
      result.requests.average.toFixed(0),
    );
    report('GET /api/student/tasks, 50 connections: p99 latency', `${result.latency.p99} ms`);
    if (result.non2xx > 0) report('  non-2xx answers during the run', String(result.non2xx));
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
