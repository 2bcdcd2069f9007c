import { AppError } from '@evident/core/errors';

/** One wording for every register, so the unit-setup screen says the same thing online and offline. */
export function unitNotFound(code: string): AppError {
  return new AppError('NOT_FOUND', `Unit ${code} was not found on the national training register`);
}
