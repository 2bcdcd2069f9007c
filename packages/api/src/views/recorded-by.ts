import type { Database } from '@evident/db/client';
import type { EvidenceFileRow } from '@evident/db/queries/evidence-files';
import { namesOfUsers } from '@evident/db/queries/users';

/**
 * Who recorded each file when it was not its student (an admin viewing the app as them), by name, as
 * a decision shows its acting admin. Null for the student's own files and for files recorded before
 * the recorder was kept. A recorder since removed shows as 'a former admin'.
 */
export async function namesOfRecordingAdmins(
  db: Database,
  files: Pick<EvidenceFileRow, 'recordedBy'>[],
  studentId: string | ((file: Pick<EvidenceFileRow, 'recordedBy' | 'submissionId'>) => string),
): Promise<(file: Pick<EvidenceFileRow, 'recordedBy' | 'submissionId'>) => string | null> {
  const studentOf = typeof studentId === 'string' ? () => studentId : studentId;
  const others = files.flatMap((file) => (file.recordedBy ? [file.recordedBy] : []));
  const names = await namesOfUsers(db, others);
  return (file) => {
    if (!file.recordedBy || file.recordedBy === studentOf(file)) return null;
    return names.get(file.recordedBy) ?? 'a former admin';
  };
}
