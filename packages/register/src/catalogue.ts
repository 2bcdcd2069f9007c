import { normaliseUnitCode, type RegisterUnit } from '@evident/core/curriculum';
import { type ExampleUnitCode, exampleUnits } from '@evident/core/example-units';
import type { TrainingRegister } from '@evident/core/ports/register';
import { CATALOGUE_RELEASE, elementsToItems, parseRequirementText } from '@evident/core/requirement-text';
import { notInCatalogue } from './register-errors';

/*
 * The offline register: the example units, summarised in our own words from public facts about
 * each unit. The official wording belongs to the register, so each summary says it is not that, in
 * a note beside the text: tasks are generated from the text, and the note is no evidence item.
 *
 * Only elements, criteria and Performance Evidence are here. Knowledge Evidence, Assessment
 * Conditions and Foundation Skills are requirements an RTO is audited against word for word; this
 * build could not read them from training.gov.au, and a requirement must never be made up, so they
 * stay out and the unit's requirements view says each is missing and where to get it (issue 29).
 */

export const CATALOGUE_NOTE = 'Summary prepared by Evident; not the official register text.';

function lines(...items: string[]): string {
  return items.join('\n');
}

const catalogue: Record<ExampleUnitCode, Omit<RegisterUnit, 'code'>> = {
  RIIWHS204E: {
    title: 'Work safely at heights',
    performanceEvidence: lines(
      'On at least one occasion, complete a job at heights from planning through to clean-up, showing each of the following:',
      'Find, read and follow the safety documents that apply to the job',
      '  safe work method statements or job safety analyses',
      '  permits, site rules and instructions from the supervisor',
      '  the emergency and rescue plan',
      'Identify the fall hazards at the work area and choose controls using the hierarchy of control',
      'Choose fall prevention or fall arrest equipment that suits the task and check it before use',
      '  inspect harnesses, lanyards and connectors for wear or damage',
      '  confirm inspection tags and dates are current',
      '  tag out and report faulty equipment',
      "Set up anchor points and fall protection equipment to the manufacturer's instructions",
      'Fit, adjust and wear a full body harness and connect it to a suitable anchor',
      'Do the work while staying connected, with tools and materials secured so nothing can fall',
      'Keep in contact with the team and supervisor during the work',
      '  use the agreed signals or radios',
      '  report hazards and incidents as they arise',
      'Take down the equipment, then clean, check and store it',
      'Clear the work area and dispose of waste according to site requirements',
    ),
    elements: [
      {
        title: 'Plan and prepare for work at heights',
        performanceCriteria: [
          'Obtain and follow the safety documents, procedures and instructions that cover the task',
          'Identify fall hazards and decide on controls using the hierarchy of control',
          'Select the fall protection equipment and tools the task needs and check them for faults',
          'Agree how the team will communicate and what happens in an emergency',
        ],
      },
      {
        title: 'Install fall prevention and fall arrest equipment',
        performanceCriteria: [
          'Install or check anchor points and static lines for the task',
          'Fit, adjust and inspect the harness and connecting devices',
          "Confirm the equipment is installed to the manufacturer's requirements before work starts",
        ],
      },
      {
        title: 'Carry out work at heights',
        performanceCriteria: [
          'Reach the work area safely while remaining attached to fall protection',
          'Secure tools and materials so that nothing falls on people below',
          'Watch for changing conditions and respond to new hazards',
          'Report incidents and faulty equipment to the supervisor',
        ],
      },
      {
        title: 'Clean up the work area',
        performanceCriteria: [
          'Remove fall protection equipment in a safe order',
          'Clean, inspect and store the equipment, tagging anything faulty',
          'Clear the area and dispose of waste according to site requirements',
        ],
      },
    ],
  },
  HLTINF006: {
    title: 'Apply basic principles and practices of infection prevention and control',
    performanceEvidence: lines(
      'In your own work role, on at least two occasions, show that you can:',
      'Clean your hands at the moments that matter, with soap and water or an alcohol-based hand rub',
      '  before and after contact with a person',
      '  before a clean or aseptic procedure',
      '  after contact with blood or body fluids',
      "  after touching a person's surroundings",
      'Choose, put on, take off and dispose of personal protective equipment in the right order',
      '  gloves',
      '  gowns or aprons',
      '  masks and eye protection',
      'Cover coughs and sneezes and help others to do the same',
      'Recognise when transmission-based precautions are needed and apply them as directed',
      'Handle, use and dispose of sharps safely',
      'Clean work surfaces and shared equipment with the right products and method',
      'Handle and dispose of clinical waste, general waste and soiled linen according to procedures',
      'Identify an infection risk in the workplace and report it to the right person',
      'Record infection control activities where the workplace requires it',
    ),
    elements: [
      {
        title: 'Apply standard precautions for infection prevention and control',
        performanceCriteria: [
          'Perform hand hygiene at the points of care where it is needed',
          'Select and use personal protective equipment suited to the task',
          'Follow respiratory hygiene and cough etiquette',
          'Handle and dispose of sharps and waste safely',
        ],
      },
      {
        title: 'Apply transmission-based precautions',
        performanceCriteria: [
          'Recognise when additional precautions are needed',
          'Apply contact, droplet or airborne precautions as instructed',
          'Tell others involved in care which precautions are in place',
        ],
      },
      {
        title: 'Identify and respond to infection risks',
        performanceCriteria: [
          'Identify infection hazards in the work environment',
          'Report risks and incidents according to workplace procedures',
          'Take part in putting control measures in place',
        ],
      },
      {
        title: 'Keep the environment and equipment clean',
        performanceCriteria: [
          'Clean surfaces and equipment with the correct method and products',
          'Handle linen and reusable equipment so as to limit contamination',
          'Store clean and sterile items correctly',
        ],
      },
    ],
  },
  SITXFSA005: {
    title: 'Use hygienic practices for food safety',
    performanceEvidence: lines(
      'Across at least three different shifts in a food business, show that you can:',
      "Follow the business's hygiene procedures and food safety program",
      'Spot food hazards and unsafe practices and report them to a supervisor',
      '  signs of pests',
      '  food that is out of date, damaged or left at unsafe temperatures',
      '  dirty or damaged surfaces and equipment',
      'Tell the supervisor about personal health issues that could contaminate food',
      '  illness such as vomiting or diarrhoea',
      '  cuts, sores or skin infections',
      'Avoid unnecessary bare-hand contact with ready-to-eat food',
      '  use tongs, utensils or single-use gloves',
      'Wear clean, suitable clothing, keep hair tied back or covered and remove jewellery as required',
      'Wash and dry hands at the right times, using a hand basin set aside for hand washing',
      '  before starting work and before handling food',
      '  after using the toilet, handling raw food or waste, touching hair or face, smoking or eating',
      'Keep preparation surfaces, utensils and equipment clean so that food is not cross-contaminated',
      'Store, handle and dispose of food and waste so that it does not contaminate other food',
    ),
    elements: [
      {
        title: 'Follow hygiene procedures and identify food hazards',
        performanceCriteria: [
          "Follow the hygiene procedures in the business's food safety program",
          'Identify food hazards that could harm the health and safety of customers or staff',
          'Remove or reduce hazards within the limits of your role and report the rest',
        ],
      },
      {
        title: 'Report personal health issues',
        performanceCriteria: [
          'Report personal health issues that could make food unsafe',
          'Report food contamination caused by a personal health issue',
          'Stop handling food while a health issue puts it at risk',
        ],
      },
      {
        title: 'Prevent food contamination',
        performanceCriteria: [
          'Wear clean clothing and footwear suited to food handling',
          'Keep hair, jewellery and personal items away from food',
          'Avoid unnecessary direct contact with ready-to-eat food',
          'Keep surfaces, utensils and equipment clean',
        ],
      },
      {
        title: 'Prevent cross-contamination by washing hands',
        performanceCriteria: [
          'Wash hands at the right times with the correct technique',
          'Use hand-washing facilities set aside for that purpose',
          'Dry hands thoroughly with single-use towels or an air dryer',
        ],
      },
    ],
  },
};

function isCatalogued(code: string): code is ExampleUnitCode {
  return Object.hasOwn(catalogue, code);
}

/** Units the offline register holds, in the order the unit-setup screen lists them. */
export const catalogueUnits: readonly RegisterUnit[] = exampleUnits.map(({ code }) => catalogueUnit(code));

/** A catalogue unit with its items, under the catalogue's stand-in release (it is no register release). */
function catalogueUnit(code: ExampleUnitCode): RegisterUnit {
  const unit = catalogue[code];
  return {
    code,
    ...unit,
    note: CATALOGUE_NOTE,
    release: CATALOGUE_RELEASE,
    requirements: [
      ...elementsToItems(unit.elements),
      ...parseRequirementText('pe', unit.performanceEvidence).items,
    ],
  };
}

export function hasCatalogueUnit(rawCode: string): boolean {
  return isCatalogued(normaliseUnitCode(rawCode));
}

/** The offline register: answers from the bundled catalogue, never the network. */
export function createCatalogueRegister(): TrainingRegister {
  return {
    async fetchUnit(rawCode) {
      const code = normaliseUnitCode(rawCode);
      if (!isCatalogued(code)) throw notInCatalogue(code);
      // A copy, so a caller that edits the unit cannot change the catalogue for everyone else.
      return structuredClone(catalogueUnit(code));
    },
  };
}
