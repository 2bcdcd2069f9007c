import {
  IconBolt,
  IconBuildingBank,
  IconChecklist,
  IconDeviceMobileUp,
  IconFileZip,
  IconLayoutGrid,
  IconPlugConnected,
  IconSparkles,
  IconStack2,
} from '@tabler/icons-react';

/** Spec section 1 lists what the landing page advertises; each entry here is one card. */
export const features = [
  {
    icon: IconSparkles,
    title: 'AI task generation',
    text: "Enter a unit code and Evident turns the unit's Performance Evidence into plain-language workplace tasks.",
  },
  {
    icon: IconDeviceMobileUp,
    title: 'Mobile evidence upload',
    text: 'Capture photos, audio, documents and video on the job, straight from your phone.',
  },
  {
    icon: IconChecklist,
    title: 'Smart grading',
    text: 'Submissions arrive grouped by student, ready to mark Satisfactory or Not Yet Satisfactory with feedback.',
  },
  {
    icon: IconBuildingBank,
    title: 'Training register integration',
    text: 'Unit competencies and performance criteria come straight from the national training register.',
  },
  {
    icon: IconPlugConnected,
    title: 'LTI 1.3 support',
    text: 'Launch Evident from Moodle, Canvas or any LTI 1.3 learning management system with single sign-on.',
  },
  {
    icon: IconBolt,
    title: 'Cloud storage and real-time sync',
    text: 'Evidence is stored securely in the cloud, and every open screen updates the moment something changes.',
  },
  {
    icon: IconStack2,
    title: 'Bulk grading',
    text: 'Select several submissions and grade them in one action, with re-assessment strategies where needed.',
  },
  {
    icon: IconLayoutGrid,
    title: 'Evidence matrix',
    text: "See every student's progress against every task at a glance, and spot who is falling behind.",
  },
  {
    icon: IconFileZip,
    title: 'Automatic compression',
    text: 'Large photos are compressed automatically, so uploads stay quick even on mobile data.',
  },
] as const;

export const steps = [
  {
    title: 'Select your unit',
    text: 'Enter your unit of competency code. Evident fetches it and builds your list of workplace tasks.',
  },
  {
    title: 'Gather evidence',
    text: 'Work through each task on the job and upload photos, audio or documents as you complete them.',
  },
  {
    title: 'Get assessed',
    text: 'Your assessor reviews the evidence and marks each task, with clear feedback when more is needed.',
  },
] as const;
