/**
 * `SELF_ENROL=invitation`: what a student reads when a unit code alone joins nothing. A module of its
 * own, without zod, because a student's dashboard shows it and loads no schemas.
 */
export const SELF_ENROL_CLOSED_MESSAGE =
  'Joining a unit by its code is turned off here. Ask your trainer for the class invitation link.';
