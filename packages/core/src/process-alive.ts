/**
 * Whether a process with this id is alive on this machine: the data-folder lock and the video work
 * folders both tell a crashed owner's leftovers from a running one's this way.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
