import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

test("lucia's session check answers a session and a user of one hidden class on every request", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', 'test/fixtures/hidden-classes.ts'],
    { cwd: packageRoot },
  );
  expect(JSON.parse(stdout)).toEqual({ session: true, user: true });
});
