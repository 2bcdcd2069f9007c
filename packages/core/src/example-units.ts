/**
 * Units the unit-setup screen offers as one-tap examples. The offline register catalogue holds
 * exactly these, so the examples work without a connection to the national register.
 */
export const exampleUnits = [
  { code: 'RIIWHS204E', label: 'Working safely at heights' },
  { code: 'HLTINF006', label: 'Infection prevention and control' },
  { code: 'SITXFSA005', label: 'Hygienic food-safety practices' },
] as const;

export type ExampleUnit = (typeof exampleUnits)[number];
export type ExampleUnitCode = ExampleUnit['code'];
