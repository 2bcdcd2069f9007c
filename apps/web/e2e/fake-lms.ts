// A learning platform on loopback for the LTI spec: the server test's fake platform on a fixed port,
// its course link at /course/launch starting a real LTI 1.3 launch into the app under test.
import { startFakePlatform } from '../../server/test/lti/fake-platform';
import { e2eLtiPort, e2ePort } from './e2e-env';

const platform = await startFakePlatform({ port: e2eLtiPort, toolUrl: `http://127.0.0.1:${e2ePort}` });
console.log(`fake LMS on ${platform.origin}`);
