import { benchBigUpload } from './big-upload';
import { benchPhotoCompression } from './photo-compression';
import { benchStudentTasks } from './student-tasks';

/** Issue 4: 1 GB upload (throughput, server RSS), photo compression in Chromium, the student dashboard. */
export async function benchEvidence(): Promise<void> {
  console.log('\n# Evidence');
  await benchBigUpload();
  await benchPhotoCompression();
  await benchStudentTasks();
}
