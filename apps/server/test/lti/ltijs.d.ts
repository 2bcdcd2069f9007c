// ltijs ships no types; the test names the little of it that it uses (lti-ltijs.test.ts).
declare module 'ltijs';
