import type { RegisterUnit } from '../curriculum';

/**
 * A unit as the server's register answered it. `fallbackReason` is set when the bundled catalogue of
 * example units answered instead of the register, and says why, as a clause ("the national training
 * register could not be reached just now"), so a screen can say where the unit really came from.
 */
export type RegisterAnswer = RegisterUnit & { fallbackReason?: string };

/** Looks a unit of competency up on a training register. Throws AppError NOT_FOUND for unknown codes. */
export type TrainingRegister = {
  /** `fresh` asks the register again instead of a copy it answered earlier (a unit fetched again). */
  fetchUnit(code: string, options?: { fresh?: boolean }): Promise<RegisterAnswer>;
};
