/** A unit's Performance Evidence as the register words it: four things to demonstrate. */
export const pe = `The candidate must demonstrate:
- checking the work area for hazards before starting
- selecting and fitting personal protective equipment
- completing a job safety analysis form
- reporting an incident to the supervisor`.replace(/^- /gm, '');
