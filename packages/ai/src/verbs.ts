import type { Phase } from '@evident/core/curriculum';
import { adverbs, doublingVerbs, irregularForms, objectDependentVerbs, verbsByPhase } from './verb-table';

/*
 * Register text uses the base form ("select"), the past ("selected") and the gerund ("selecting"),
 * so every form is looked up back to its base; task text turns it into an instruction ("select")
 * again.
 */

type Form = 'base' | 'past' | 'gerund' | 'third';

function inflections(base: string): [string, Form][] {
  const forms: [string, Form][] = [
    [base, 'base'],
    ...(irregularForms[base] ?? []).map((f) => [f, 'past'] as [string, Form]),
  ];
  forms.push([gerund(base), 'gerund']);
  const stem = doublingVerbs.has(base) ? base + base.slice(-1) : base;
  if (/[^aeiou]y$/.test(base)) {
    forms.push([`${base.slice(0, -1)}ies`, 'third'], [`${base.slice(0, -1)}ied`, 'past']);
  } else if (/e$/.test(base) && !/ee$/.test(base)) {
    forms.push([`${base}s`, 'third'], [`${base}d`, 'past']);
  } else {
    forms.push([/(?:s|sh|ch|x|z|o)$/.test(base) ? `${base}es` : `${base}s`, 'third'], [`${stem}ed`, 'past']);
  }
  return forms;
}

/** "select" -> "selecting", "fit" -> "fitting", "use" -> "using", "tie" -> "tying". */
export function gerund(base: string): string {
  if (/ie$/.test(base)) return `${base.slice(0, -2)}ying`;
  if (/[^e]e$/.test(base) && base !== 'be') return `${base.slice(0, -1)}ing`;
  return `${doublingVerbs.has(base) ? base + base.slice(-1) : base}ing`;
}

type VerbEntry = { base: string; phase: Phase; form: Form };
const verbForms = new Map<string, VerbEntry>();
for (const [phase, verbs] of Object.entries(verbsByPhase) as [Phase, string[]][]) {
  for (const base of verbs) {
    for (const [form, kind] of inflections(base)) {
      if (!verbForms.has(form)) verbForms.set(form, { base, phase, form: kind });
    }
  }
}

/** The base form of a known action verb in any of its forms, or null. */
export function lookUpVerb(word: string): (VerbEntry & { inflected: boolean }) | null {
  const lower = word.toLowerCase().replace(/[^a-z-]/g, '');
  const entry = verbForms.get(lower.replace(/-/g, ''));
  if (entry) return { ...entry, inflected: entry.form !== 'base' };
  // "de-stacking", "re-fuelled": a known verb with a hyphenated prefix.
  const prefixed = /^(de|re|un|pre|dis)-([a-z]+)$/.exec(lower);
  const inner = prefixed?.[2] ? verbForms.get(prefixed[2]) : undefined;
  if (!prefixed || !inner) return null;
  return { ...inner, base: `${prefixed[1]}-${inner.base}`, inflected: inner.form !== 'base' };
}

const determiners =
  /^(?:the|a|an|your|any|all|each|every|its|their|this|these|those|his|her|our|both|either)$/i;
const particlesAfterVerb = /^(?:down|up|off|out|away|back)$/i;
/** Words that open noun phrases and are never the verb of an instruction. */
const notVerbs =
  /^(?:the|a|an|your|any|all|each|every|its|their|this|these|those|and|or|of|to|in|on|at|for|with|by|from|as|if|when|where|before|after|during|safe|safely|correct|relevant|appropriate|workplace|work|site|personal|own|other|new|more|most|some|such)$/i;

/**
 * A base-form verb the table does not know, read from where it stands: at the head of a line and
 * followed by a determiner ("sound the horn", "lower the forks"), a particle ("park up the truck"), or
 * "and"/"or" and a verb we know ("park and shut down the forklift"). Without this, such a line read as
 * a noun phrase: "Deal with park and shut down the forklift", or a sub-point folded into its heading's
 * task. Only the base form: "-s", "-ed" and "-ing" words are too often nouns and adjectives.
 */
function guessVerb(words: string[], index: number): (VerbEntry & { inflected: boolean }) | null {
  const word = (words[index] ?? '').replace(/[,;:]$/, '');
  if (!/^[A-Za-z][a-z]{2,}$/.test(word) || notVerbs.test(word) || /(?:s|ed|ing|ly)$/i.test(word)) return null;
  if ((words[index] ?? '').endsWith(',')) return null;
  const next = words[index + 1] ?? '';
  const afterNext = lookUpVerb(words[index + 2] ?? '');
  const reads =
    determiners.test(next) ||
    (particlesAfterVerb.test(next) && determiners.test(words[index + 2] ?? '')) ||
    (/^(?:and|or)$/i.test(next) && afterNext !== null && afterNext.form === 'base');
  return reads ? { base: word.toLowerCase(), phase: 'Do', form: 'base', inflected: false } : null;
}

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
 * ("select and use PPE"). Verbs joined by "and"/"or" are turned with the first one. A line opening
 * with a plural noun that happens to be a verb form ("cuts, sores", "signs of pests") is a noun phrase:
 * register text never writes items in the third person.
 */
export function toInstruction(text: string): ActionPhrase {
  const cleaned = text
    .replace(leadIns, '')
    .replace(/[.;:]+$/, '')
    .trim();
  const words = cleaned.split(' ');
  let index = 0;
  while (index < words.length - 1 && adverbs.has((words[index] ?? '').toLowerCase())) index++;
  const first = lookUpVerb(words[index] ?? '') ?? guessVerb(words, index);
  if (!first || first.form === 'third') return { instruction: cleaned, verb: null, phase: null };

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
      if (joined && verb?.inflected && verb.form !== 'third') out[i] = `${verb.base}${comma}`;
    }
  }
  const instruction = out.join(' ');
  return { instruction, verb: first.base, phase: phaseFor(first, instruction) };
}

const inspectionObjects = /\b(?:pre-?start|checks?|inspections?|tests?|audits?)\b/i;
const planningObjects =
  /\b(?:job safety analys[ie]s|jsas?|swms|safe work method statements?|risk assessments?|permits?(?: to work)?|work plans?|job plans?|quotes?|quotations?|estimates?)\b/i;
const communicationObjects =
  /\b(?:reports?|records?|documentation|minutes|log ?books?|handovers?|feedback|meetings?|discussions?|enquir(?:y|ies)|complaints?|customers?|clients?)\b/i;

function phaseFor(verb: VerbEntry, instruction: string): Phase {
  if (verb.base === 'set' && /\bset up\b/i.test(instruction)) return 'Prepare';
  if (objectDependentVerbs.has(verb.base) && planningObjects.test(instruction)) return 'Prepare';
  if (objectDependentVerbs.has(verb.base) && inspectionObjects.test(instruction)) return 'Check';
  if (objectDependentVerbs.has(verb.base) && communicationObjects.test(instruction)) {
    return 'Review/Communicate';
  }
  return verb.phase;
}
