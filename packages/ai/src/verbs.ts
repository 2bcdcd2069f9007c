import type { Phase } from '@evident/core/curriculum';

/**
 * The action verbs Performance Evidence is written with, grouped by the phase of work they belong to.
 * Register text uses the base form ("select"), the past ("selected") and the gerund ("selecting"),
 * so every form is looked up back to its base.
 */
const verbsByPhase: Record<Phase, string[]> = {
  Prepare: [
    'access',
    'allocate',
    'analyse',
    'analyze',
    'arrange',
    'assess',
    'calculate',
    'choose',
    'clarify',
    'design',
    'determine',
    'establish',
    'estimate',
    'gather',
    'identify',
    'interpret',
    'locate',
    'obtain',
    'order',
    'organise',
    'organize',
    'plan',
    'prepare',
    'read',
    'recognise',
    'request',
    'research',
    'schedule',
    'seek',
    'select',
    'source',
  ],
  Check: [
    'audit',
    'calibrate',
    'check',
    'compare',
    'confirm',
    'detect',
    'ensure',
    'examine',
    'inspect',
    'measure',
    'monitor',
    'observe',
    'test',
    'trial',
    'verify',
  ],
  Do: [
    'adjust',
    'apply',
    'assemble',
    'assist',
    'build',
    'carry',
    'clean',
    'complete',
    'conduct',
    'connect',
    'construct',
    'contribute',
    'control',
    'cut',
    'deal',
    'demonstrate',
    'deliver',
    'develop',
    'dismantle',
    'dispose',
    'drive',
    'erect',
    'fill',
    'finish',
    'fit',
    'follow',
    'handle',
    'hold',
    'implement',
    'install',
    'isolate',
    'keep',
    'label',
    'lay',
    'lift',
    'load',
    'maintain',
    'make',
    'manage',
    'mix',
    'move',
    'operate',
    'participate',
    'perform',
    'position',
    'produce',
    'provide',
    'put',
    'remove',
    'repair',
    'replace',
    'respond',
    'restore',
    'secure',
    'set',
    'shut',
    'store',
    'tag',
    'take',
    'transport',
    'undertake',
    'unload',
    'update',
    'use',
    'wear',
    'work',
  ],
  'Review/Communicate': [
    'advise',
    'answer',
    'brief',
    'communicate',
    'consult',
    'describe',
    'discuss',
    'document',
    'escalate',
    'evaluate',
    'explain',
    'file',
    'hand',
    'inform',
    'liaise',
    'log',
    'negotiate',
    'notify',
    'present',
    'record',
    'refer',
    'reflect',
    'relay',
    'report',
    'review',
    'share',
    'sign',
    'submit',
    'write',
  ],
};

/** Verbs whose phase depends on their object: "complete a report" is communication, "complete a lift" is not. */
const objectDependentVerbs = new Set([
  'carry',
  'complete',
  'conduct',
  'contribute',
  'deal',
  'develop',
  'fill',
  'keep',
  'maintain',
  'participate',
  'perform',
  'prepare',
  'provide',
  'respond',
  'undertake',
  'update',
]);
const inspectionObjects = /\b(?:pre-?start|checks?|inspections?|tests?|audits?)\b/i;
const planningObjects =
  /\b(?:job safety analys[ie]s|jsas?|swms|safe work method statements?|risk assessments?|permits?(?: to work)?|work plans?|job plans?|quotes?|quotations?|estimates?)\b/i;
const communicationObjects =
  /\b(?:reports?|records?|documentation|minutes|log ?books?|handovers?|feedback|meetings?|discussions?|enquir(?:y|ies)|complaints?|customers?|clients?)\b/i;

const irregularForms: Record<string, string[]> = {
  build: ['built'],
  choose: ['chose', 'chosen'],
  cut: ['cut'],
  deal: ['dealt'],
  drive: ['drove', 'driven'],
  hold: ['held'],
  keep: ['kept'],
  lay: ['laid'],
  make: ['made'],
  put: ['put'],
  read: ['read'],
  seek: ['sought'],
  set: ['set'],
  shut: ['shut'],
  take: ['took', 'taken'],
  undertake: ['undertook', 'undertaken'],
  wear: ['wore', 'worn'],
  write: ['wrote', 'written'],
};
/** Verbs that double their last consonant (Australian spelling: labelled, controlling). */
const doublingVerbs = new Set([
  'control',
  'cut',
  'fit',
  'label',
  'log',
  'plan',
  'put',
  'refer',
  'set',
  'shut',
  'submit',
  'tag',
]);

function inflections(base: string): string[] {
  const forms = [base, ...(irregularForms[base] ?? [])];
  const stem = doublingVerbs.has(base) ? base + base.slice(-1) : base;
  if (/[^aeiou]y$/.test(base)) {
    forms.push(`${base.slice(0, -1)}ies`, `${base.slice(0, -1)}ied`, `${base}ing`);
  } else if (/e$/.test(base) && !/ee$/.test(base)) {
    forms.push(`${base}s`, `${base}d`, `${base.slice(0, -1)}ing`);
  } else {
    forms.push(/(?:s|sh|ch|x|z)$/.test(base) ? `${base}es` : `${base}s`, `${stem}ed`, `${stem}ing`);
  }
  return forms;
}

type VerbEntry = { base: string; phase: Phase; inflected: boolean };
const verbForms = new Map<string, VerbEntry>();
for (const [phase, verbs] of Object.entries(verbsByPhase) as [Phase, string[]][]) {
  for (const base of verbs) {
    for (const form of inflections(base)) {
      if (!verbForms.has(form)) verbForms.set(form, { base, phase, inflected: form !== base });
    }
  }
}

/** The base form of a known action verb in any of its forms, or null. */
export function lookUpVerb(word: string): VerbEntry | null {
  return verbForms.get(word.toLowerCase().replace(/[^a-z]/g, '')) ?? null;
}

const adverbs = new Set([
  'accurately',
  'appropriately',
  'clearly',
  'consistently',
  'correctly',
  'effectively',
  'efficiently',
  'independently',
  'promptly',
  'safely',
  'successfully',
]);
const leadIns =
  /^(?:(?:has|have)\s+)?(?:(?:demonstrated?|shown|show)\s+(?:the\s+)?ability\s+to\s+|(?:evidence of\s+)?(?:the\s+)?ability\s+to\s+|evidence of\s+|(?:has|have)\s+)/i;

export type ActionPhrase = {
  /** The phrase as an instruction to the student, e.g. "select and use PPE for the job". */
  instruction: string;
  /** The base form of its main verb, or null when the line is a noun phrase ("isolation procedures"). */
  verb: string | null;
  phase: Phase | null;
};

/**
 * Turns a Performance Evidence line ("selected and used PPE", "selecting PPE") into an instruction
 * ("select and use PPE"). Verbs joined by "and"/"or" are turned with the first one.
 */
export function toInstruction(text: string): ActionPhrase {
  const cleaned = text
    .replace(leadIns, '')
    .replace(/[.;:]+$/, '')
    .trim();
  const words = cleaned.split(' ');
  let index = 0;
  while (index < words.length - 1 && adverbs.has((words[index] ?? '').toLowerCase())) index++;
  const first = lookUpVerb(words[index] ?? '');
  if (!first) return { instruction: cleaned, verb: null, phase: null };

  const out = [...words];
  out[index] = `${first.base}${(words[index] ?? '').match(/[,;]$/)?.[0] ?? ''}`;
  if (first.inflected) {
    // "selected and used", "checking, testing and tagging": turn the verbs that follow a joiner too.
    for (let i = index + 1; i < out.length; i++) {
      const word = out[i] ?? '';
      const previous = out[i - 1] ?? '';
      const joined = /^(?:and|or)$/i.test(previous) || previous.endsWith(',');
      const comma = word.endsWith(',') ? ',' : '';
      const verb = lookUpVerb(word);
      if (joined && verb?.inflected) out[i] = `${verb.base}${comma}`;
    }
  }
  const instruction = out.join(' ');
  return { instruction, verb: first.base, phase: phaseFor(first, instruction) };
}

function phaseFor(verb: VerbEntry, instruction: string): Phase {
  if (verb.base === 'set' && /\bset up\b/i.test(instruction)) return 'Prepare';
  if (objectDependentVerbs.has(verb.base) && planningObjects.test(instruction)) return 'Prepare';
  if (objectDependentVerbs.has(verb.base) && inspectionObjects.test(instruction)) return 'Check';
  if (objectDependentVerbs.has(verb.base) && communicationObjects.test(instruction)) {
    return 'Review/Communicate';
  }
  return verb.phase;
}
