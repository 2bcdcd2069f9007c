import { type EvidenceType, evidenceTypes, type Phase } from '@evident/core/curriculum';

const writtenRecord =
  /\b(?:records?|recorded|recording|reports?|forms?|documents?|documentation|documented|logs?|logbooks?|log book|checklists?|permits?|jsas?|swms|job safety analys[ie]s|method statements?|minutes|timesheets?|dockets?|invoices?|quotes?|quotations?|written|register|plans?|schedules?|risk assessments?|write|fill|sign|notes?)\b/i;
const referenceMaterial =
  /\b(?:specifications?|drawings?|plans|manuals?|safety data sheets?|sds|instructions|procedures|standards?|codes? of practice|legislation|regulations?)\b/i;
export const readingVerbs = /^(?:\w+ly\s+)?(?:read|interpret|access|locate|obtain|research|source|review)\b/i;
export const spoken =
  /\b(?:communicat\w*|verbal\w*|discuss\w*|explain\w*|consult\w*|liais\w*|brief\w*|toolbox|handover|hand over|ask\w*|question\w*|instruct\w*|advis\w*|inform\w*|notif\w*|speak\w*|talk\w*|telephone|phone|radio|customers?|clients?|team members?|supervisors?|negotiat\w*|feedback|report\w*|present\w*|describ\w*|answer\w*|meetings?|enquir\w*|complaints?)\b/i;
const physical =
  /\b(?:equipment|tools?|materials?|ppe|protective|site|area|vehicles?|plant|machine\w*|barriers?|signs?|signage|load|lift\w*|install\w*|clean\w*|work ?place|components?|stock|goods|products?|hazards?)\b/i;
export const knowledgeWords = /\b(?:knowledge|understanding|awareness)\b/i;
/** A process shown as it is done ("the correct technique"): moving pictures show it, stills do not. */
const demonstration = /\b(?:demonstrat\w*|techniques?)\b/i;
/** Talk with other people, as opposed to explaining one's own work. */
export const conversation =
  /\b(?:customers?|clients?|supervisors?|team|meetings?|toolbox|handover|consult\w*|discuss\w*|liais\w*|communicat\w*|tell|told)\b/i;

export const paperVerbs = new Set([
  'complete',
  'fill',
  'sign',
  'write',
  'record',
  'document',
  'log',
  'file',
  'submit',
  'update',
  'develop',
  'prepare',
]);

/**
 * Which files show this best: photos of physical work, a video of a process demonstrated, documents
 * for records, audio for talk.
 */
export function evidenceTypesFor(instruction: string, verb: string | null, phase: Phase): EvidenceType[] {
  const reading = readingVerbs.test(instruction);
  const written = writtenRecord.test(instruction);
  // Knowledge is shown by explaining it, not by photographing it.
  const knowledge = knowledgeWords.test(instruction);
  const talk = knowledge || spoken.test(instruction);
  // Paperwork is the work itself when the verb acts on a record: "complete a JSA", "interpret plans".
  const paperwork = reading || (written && verb !== null && paperVerbs.has(verb));
  const chosen = new Set<EvidenceType>();
  if (
    !knowledge &&
    (physical.test(instruction) || (!paperwork && (phase === 'Do' || phase === 'Check' || !talk)))
  ) {
    chosen.add('photo');
  }
  // A demonstration filmed says more than its stills: the video replaces the photos.
  if (chosen.has('photo') && !talk && !paperwork && demonstration.test(instruction)) {
    chosen.delete('photo');
    chosen.add('video');
  }
  if (talk) chosen.add('audio');
  if (reading && referenceMaterial.test(instruction)) chosen.add('pdf');
  if (written || (phase === 'Review/Communicate' && !talk)) chosen.add('document');
  if (chosen.size === 0) chosen.add(phase === 'Prepare' ? 'document' : 'photo');
  return evidenceTypes.filter((type) => chosen.has(type));
}
