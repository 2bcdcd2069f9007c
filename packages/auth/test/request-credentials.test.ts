import { describe, expect, it } from 'vitest';
import { credentialsOf } from '../src/request-credentials';

describe('credentialsOf', () => {
  it('takes the token path for a bearer header and never reads the cookie beside it', () => {
    expect(
      credentialsOf({ authorization: 'Bearer evd_abc', cookie: 'evident_session=s1' }, 'evident_session'),
    ).toEqual({
      kind: 'token',
      token: 'evd_abc',
    });
    expect(credentialsOf({ authorization: 'bearer   evd_abc ' }, 'evident_session')).toEqual({
      kind: 'token',
      token: 'evd_abc',
    });
    // An empty bearer is still the token path (and refused there), not a fall-back to the cookie.
    expect(
      credentialsOf({ authorization: 'Bearer ', cookie: 'evident_session=s1' }, 'evident_session'),
    ).toEqual({
      kind: 'token',
      token: '',
    });
  });

  it('takes the cookie path otherwise, including for other authorization schemes', () => {
    expect(credentialsOf({ cookie: 'a=b; evident_session=s1' }, 'evident_session')).toEqual({
      kind: 'session',
      sessionId: 's1',
    });
    expect(
      credentialsOf({ authorization: 'Basic eDp5', cookie: 'evident_session=s1' }, 'evident_session'),
    ).toEqual({
      kind: 'session',
      sessionId: 's1',
    });
    expect(credentialsOf({ cookie: 'other=1' }, 'evident_session')).toEqual({ kind: 'none' });
    expect(credentialsOf({}, 'evident_session')).toEqual({ kind: 'none' });
  });

  it('takes a tab session header (an LMS iframe) before the cookie, and never before a bearer token', () => {
    expect(
      credentialsOf({ 'x-evident-session': ' tab1 ', cookie: 'evident_session=s1' }, 'evident_session'),
    ).toEqual({ kind: 'session', sessionId: 'tab1' });
    expect(
      credentialsOf({ authorization: 'Bearer evd_abc', 'x-evident-session': 'tab1' }, 'evident_session'),
    ).toEqual({ kind: 'token', token: 'evd_abc' });
    expect(credentialsOf({ 'x-evident-session': ' ' }, 'evident_session')).toEqual({ kind: 'none' });
  });
});
