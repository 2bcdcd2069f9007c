import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export const probeTimeoutMs = 60_000;
export const posterTimeoutMs = 120_000;
const stderrKeptBytes = 2000;

export class ToolFailure extends Error {}

/** Runs a tool with a time limit and at low CPU priority, so web requests still win on a busy box. */
export function run(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; stdout?: boolean },
): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ToolFailure('stopped before it started'));
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted in some containers; running at normal priority is fine.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrKeptBytes);
    });
    let why: string | null = null;
    const kill = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => kill(`timed out after ${Math.round(options.timeoutMs / 1000)} s`),
      options.timeoutMs,
    );
    const onAbort = () => kill('stopped');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      done();
      reject(new ToolFailure(`could not run ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      done();
      if (why) reject(new ToolFailure(why));
      else if (code !== 0) {
        const detail = stderr.trim().split('\n').slice(-3).join(' | ') || `exit code ${code}`;
        reject(new ToolFailure(detail));
      } else resolve({ stdout });
    });
  });
}
