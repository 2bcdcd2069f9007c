import { evidenceTypes, phases } from '@evident/core/curriculum';
import type { GenerationInput } from '@evident/core/ports/task-generator';
import { type RequirementItem, requirementSectionTitles } from '@evident/core/requirements';
import type { PerformanceEvidenceOutline } from './performance-evidence';
import { mappableItems } from './requirement-keys';

export const RECORD_TASKS_TOOL = 'record_tasks';

const SYSTEM_TEMPLATE = `You write workplace tasks for Evident, an app in which vocational students in Australia (apprentices, trainees and students on work placement, working under a supervisor) collect evidence for a unit of competency from the national training register, training.gov.au. A registered training organisation (RTO) assessor grades that evidence.

You receive a unit's Performance Evidence: what the student must show they have done. Turn it into tasks the student can carry out at their workplace and evidence with a phone.

Each task has:
- title: a short action that starts with a verb, at most about eight words, e.g. "Inspect your harness before use".
- description: two to four sentences of plain English addressed to the student as "you", at a year 10 reading level. Say what to do at work, concretely, and exactly what to capture as evidence: what the photos must show, what to explain in a recording, which form or document to upload. Keep the technical terms the unit uses and explain them in passing.
- phase, one of:
  - Prepare: planning, reading instructions, selecting tools and materials, identifying hazards before work starts.
  - Check: inspecting, testing, confirming, verifying, monitoring.
  - Do: the practical work itself.
  - Review/Communicate: reporting, recording, documenting, discussing and reviewing the work.
- tooltip: "What good looks like" in one to three sentences: the evidence an assessor would accept as satisfactory, so the student can judge their own before uploading it.
- evidenceTypes: one or more of photo, audio, pdf, document, video. photo for physical work; video for a process or technique the student demonstrates from start to finish; audio for spoken communication or explaining knowledge in their own words; document or pdf for records, forms, plans and reports. Choose what a student can really capture at work.
- occasion: null, unless the Performance Evidence requires the activity on several occasions ("on at least two occasions", "on three occasions"). Then write one task per occasion, numbered 1, 2, 3 and so on, with the same mapping, and say in the description that each occasion must be a different job or day.
- performanceEvidenceMapping: the items this task evidences, each copied character for character from the numbered list (without its number).
MAPPING_RULE
Rules:
- Every numbered item must be mapped by at least one task. A task may cover a few closely related items, but never cover a large group with one vague task.
- Headings (lines that introduce sub-items) are context, not items: map the items under them.
- List the tasks by phase in the order work happens (Prepare, Check, Do, Review/Communicate). Put tasks without an occasion first, then the tasks for occasion 1, then occasion 2, and so on.
- Never ask a student to work outside their supervision, licence, training or workplace procedures. Ask them to get permission before photographing or recording people, and never to capture confidential client or company information.
- Use Australian English spelling.

Call the ${RECORD_TASKS_TOOL} tool once with every task.`;

/** The system prompt for a unit known by its Performance Evidence text alone. */
export const TASK_SYSTEM_PROMPT = taskSystemPrompt(false);

/**
 * The system prompt for a unit whose requirements are keyed: tasks name item keys instead of quoting
 * PE texts, and aim to cover the criteria and knowledge as well as the Performance Evidence.
 */
export function taskSystemPrompt(keyed: boolean): string {
  if (!keyed) return SYSTEM_TEMPLATE.replace('MAPPING_RULE\n', '\n');
  return SYSTEM_TEMPLATE.replace(
    /- performanceEvidenceMapping: [^\n]*\nMAPPING_RULE\n/,
    `- requirementKeys: the keys of the requirement items this task evidences ("PE 2", "PC 1.3", "KE 4.1"), each copied exactly from the <requirements> list. A key that is not in the list is refused.

Rules:
- Every Performance Evidence (PE), Performance Criteria (PC) and Knowledge Evidence (KE) item must be named by at least one task. Knowledge items are usually evidenced by the student explaining them in their own words (audio or a document); criteria by the practical tasks that show them.
- Elements (E) and Assessment Conditions (AC) are context: do not name them.
`,
  ).replace(
    'Rules:\n- Every numbered item must be mapped by at least one task.',
    '- Every numbered PE item must be named by at least one task.',
  );
}

/** The unit, the original text, and the items numbered so the model can quote them back exactly. */
export function taskUserPrompt(input: GenerationInput, outline: PerformanceEvidenceOutline): string {
  const listed = outline.lines.map((line) => {
    const indent = '  '.repeat(line.depth);
    if (line.kind === 'heading') return `${indent}${line.number} (heading) ${line.text}`;
    const occasions =
      line.occasions && line.occasions > 1 ? ` [required on ${line.occasions} occasions]` : '';
    return `${indent}${line.number} ${line.text}${occasions}`;
  });
  const keyed = input.requirements?.length ? keyedItems(input.requirements) : [];
  return [
    `Unit: ${input.unitCode} ${input.title}`,
    '',
    'Performance Evidence as published:',
    '<performance_evidence>',
    input.performanceEvidence.trim(),
    '</performance_evidence>',
    '',
    `The items to cover, numbered (${outline.items.length} items; headings are context only):`,
    '<items>',
    ...listed,
    '</items>',
    '',
    ...keyed,
    `Write the tasks for this unit and record them with ${RECORD_TASKS_TOOL}.`,
  ].join('\n');
}

/** The unit's items by section, each with its key, for the model to name. */
function keyedItems(requirements: RequirementItem[]): string[] {
  const out = ["The unit's requirements, each with the key a task names it by:", '<requirements>'];
  let section = '';
  for (const item of requirements) {
    if (item.section !== section) {
      section = item.section;
      const context = item.section === 'element' || item.section === 'ac' ? ' (context only)' : '';
      out.push(`${requirementSectionTitles[item.section]}${context}:`);
    }
    const indent = item.parentKey && item.section !== 'pc' ? '    ' : '  ';
    out.push(`${indent}${item.key} ${item.text}`);
  }
  out.push('</requirements>', '');
  return out;
}

/**
 * JSON schema for the tool input. Every field is required here, even those taskDraftSchema can
 * default, so the model thinks about each one; the mapping is an enum of the exact item texts.
 */
export function recordTasksInputSchema(
  outline: PerformanceEvidenceOutline,
  requirements?: RequirementItem[],
) {
  const schema = peRecordTasksInputSchema(outline);
  if (!requirements?.length) return schema;
  // Keyed: each task names item keys instead of quoting PE texts.
  const { performanceEvidenceMapping: _texts, ...fields } = schema.properties.tasks.items.properties;
  const required = schema.properties.tasks.items.required.map((name) =>
    name === 'performanceEvidenceMapping' ? 'requirementKeys' : name,
  );
  const keys = mappableItems(requirements).map((item) => item.key);
  return {
    ...schema,
    properties: {
      tasks: {
        ...schema.properties.tasks,
        items: {
          ...schema.properties.tasks.items,
          properties: {
            ...fields,
            requirementKeys: {
              type: 'array',
              minItems: 1,
              items: { type: 'string', enum: keys },
              description:
                'Keys of the requirement items this task evidences, e.g. "PE 2", "PC 1.3", "KE 4".',
            },
          },
          required,
        },
      },
    },
  };
}

function peRecordTasksInputSchema(outline: PerformanceEvidenceOutline) {
  return {
    type: 'object' as const,
    properties: {
      tasks: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            title: {
              type: 'string',
              maxLength: 200,
              description: 'Short action title starting with a verb.',
            },
            description: {
              type: 'string',
              maxLength: 4000,
              description:
                'Plain-language instructions to the student ("you"), including what evidence to capture.',
            },
            phase: { type: 'string', enum: [...phases] },
            tooltip: { type: 'string', maxLength: 2000, description: 'What good looks like.' },
            evidenceTypes: {
              type: 'array',
              items: { type: 'string', enum: [...evidenceTypes] },
              minItems: 1,
              maxItems: evidenceTypes.length,
              uniqueItems: true,
            },
            occasion: {
              anyOf: [{ type: 'integer', minimum: 1, maximum: 50 }, { type: 'null' }],
              description: 'Occasion number when the item must be shown on several occasions, else null.',
            },
            performanceEvidenceMapping: {
              type: 'array',
              minItems: 1,
              items: { type: 'string', enum: outline.items.map((item) => item.text) },
              description: 'Exact texts of the Performance Evidence items this task evidences.',
            },
          },
          required: [
            'title',
            'description',
            'phase',
            'tooltip',
            'evidenceTypes',
            'occasion',
            'performanceEvidenceMapping',
          ],
          additionalProperties: false,
        },
      },
    },
    required: ['tasks'],
    additionalProperties: false,
  };
}
