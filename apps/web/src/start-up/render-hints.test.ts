import { describe, expect, it } from 'vitest';
import { dashboardUnitOf, parseViewport, renderHintsFor, withDashboardUnit } from './render-hints';

const userId = 'a1b2c3d4-0000-4000-8000-000000000001';
const pixel =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const tablet =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function hints(cookies: Record<string, string>, request: { mobileHint?: string; userAgent?: string } = {}) {
  return renderHintsFor(
    {
      cookie: (name) => cookies[name] ?? null,
      mobileHint: request.mobileHint,
      userAgent: request.userAgent,
      acceptLanguage: undefined,
    },
    userId,
  );
}

describe("the window's size in the render hints (the Evidence Matrix's first rows and columns)", () => {
  it('reads the size the browser wrote, and nothing that is not a size', () => {
    expect(parseViewport('390x844')).toEqual({ width: 390, height: 844 });
    expect(parseViewport('2560x1440')).toEqual({ width: 2560, height: 1440 });
    for (const value of [
      null,
      '',
      '390',
      '390x',
      'x844',
      '39x844',
      '390x844x2',
      '-390x844',
      '99999x844',
      '390X844',
    ]) {
      expect(parseViewport(value), String(value)).toBeNull();
    }
  });

  it("takes the browser's own size first, a phone's on a phone's first visit, and none for a tablet or a computer", () => {
    expect(hints({ 'evident-viewport': '1280x800' }, { mobileHint: '?1' }).viewport).toEqual({
      width: 1280,
      height: 800,
    });
    expect(hints({}, { mobileHint: '?1' }).viewport).toEqual({ width: 390, height: 844 });
    expect(hints({}, { userAgent: pixel }).viewport).toEqual({ width: 390, height: 844 });
    expect(hints({}, { userAgent: tablet }).viewport).toBeNull();
    expect(hints({}, { mobileHint: '?0', userAgent: pixel }).viewport).toBeNull();
    expect(hints({ 'evident-viewport': 'wide' }).viewport).toBeNull();
  });
});

describe('the dashboard unit of each person on a shared device', () => {
  const [ana, bo, cy, di] = ['ana', 'bo', 'cy', 'di'];

  it('keeps each person’s last choice, newest first, for the last three people', () => {
    let value: string | null = null;
    value = withDashboardUnit(value, ana, 'u1');
    value = withDashboardUnit(value, bo, 'u2');
    value = withDashboardUnit(value, ana, 'u3');
    expect(value).toBe('ana:u3|bo:u2');
    expect([dashboardUnitOf(value, ana), dashboardUnitOf(value, bo), dashboardUnitOf(value, cy)]).toEqual([
      'u3',
      'u2',
      null,
    ]);
    value = withDashboardUnit(withDashboardUnit(value, cy, 'u4'), di, 'u5');
    expect(value).toBe('di:u5|cy:u4|ana:u3');
    expect(dashboardUnitOf(value, bo)).toBeNull();
  });

  it('reads the one-person value older versions wrote, and nothing from a value that is not pairs', () => {
    expect(dashboardUnitOf('ana:u1', ana)).toBe('u1');
    expect(withDashboardUnit('ana:u1', bo, 'u2')).toBe('bo:u2|ana:u1');
    expect(dashboardUnitOf('ana', ana)).toBeNull();
    expect(dashboardUnitOf('', ana)).toBeNull();
    expect(withDashboardUnit('junk|ana:', ana, 'u1')).toBe('ana:u1');
  });

  it('gives the render hints this person’s unit, wherever it stands in the cookie', () => {
    expect(hints({ 'evident-unit': `other:u9|${userId}:u1` }).dashboardUnit).toBe('u1');
    expect(hints({ 'evident-unit': 'other:u9' }).dashboardUnit).toBeNull();
  });
});
