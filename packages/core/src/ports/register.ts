import type { RegisterUnit } from '../curriculum';

/** Looks a unit of competency up on a training register. Throws AppError NOT_FOUND for unknown codes. */
export type TrainingRegister = {
  fetchUnit(code: string): Promise<RegisterUnit>;
};
