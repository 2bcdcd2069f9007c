import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

test('what a hot read builds per request or per row keeps one hidden class from call to call', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', 'test/fixtures/hidden-classes.ts'],
    { cwd: packageRoot },
  );
  expect(JSON.parse(stdout)).toEqual({
    currentUser: true,
    middlewareFirstLevel: true,
    middlewareSecondLevel: true,
    evidenceFileViews: true,
  });
});
