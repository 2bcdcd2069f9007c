import { benchCurriculum } from './curriculum';
import { benchEvidence } from './evidence';
import { benchFoundation } from './foundation';
import { benchMatrix } from './matrix';

// Figures only: nothing here passes or fails the build.
const sections: Record<string, () => Promise<void>> = {
  foundation: benchFoundation,
  curriculum: benchCurriculum,
  evidence: benchEvidence,
  matrix: benchMatrix,
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
