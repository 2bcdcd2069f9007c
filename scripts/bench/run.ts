import { benchAuditPack } from './audit-pack';
import { benchCaptureQueue } from './capture-queue';
import { benchClasses } from './classes';
import { benchCoverage } from './coverage';
import { benchCurriculum } from './curriculum';
import { benchEvidence } from './evidence';
import { benchFoundation } from './foundation';
import { benchGrading } from './grading';
import { buildServer } from './harness';
import { benchImageBombs } from './image-bombs';
import { benchLighthouse } from './lighthouse';
import { benchLighthouseMatrix } from './lighthouse-matrix';
import { benchLimit } from './limit';
import { benchLive } from './live';
import { benchMatrix } from './matrix';
import { benchPeople } from './people';
import { benchStartUp } from './start-up';
import { benchWire } from './wire';

// Figures only: nothing here passes or fails the build.
const sections: Record<string, () => Promise<void>> = {
  'start-up': benchStartUp,
  foundation: benchFoundation,
  wire: benchWire,
  curriculum: benchCurriculum,
  coverage: benchCoverage,
  evidence: benchEvidence,
  live: benchLive,
  grading: benchGrading,
  matrix: benchMatrix,
  classes: benchClasses,
  images: benchImageBombs,
  people: benchPeople,
  capture: benchCaptureQueue,
  'audit-pack': benchAuditPack,
};

buildServer();
// Options (`--postgres=...`) are read by the sections that take them.
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
// Nine Lighthouse runs take minutes: only when asked for by name (`pnpm bench lighthouse`).
if (wanted.includes('lighthouse')) await benchLighthouse();
// Evident against a bare server on the same data, minutes per database: only when asked (`pnpm bench limit`).
if (wanted.includes('limit')) await benchLimit();
// The Evidence Matrix on a phone (issue 31 §3): with `lighthouse`, or alone as `lighthouse-matrix`.
if (wanted.includes('lighthouse') || wanted.includes('lighthouse-matrix')) await benchLighthouseMatrix();
