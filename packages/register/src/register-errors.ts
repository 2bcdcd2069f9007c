import { AppError } from '@evident/core/errors';

/*
 * What the unit-setup screens say when a unit cannot be had. One wording per cause, whichever
 * register answered, and each says only what is known: "not found" only when the register itself
 * said so. Admins and students both read these, so the way forward names who can take it.
 */

const BY_HAND = 'enter the unit by hand';

/** The register answered that it has no such unit. */
export function unitNotFound(code: string): AppError {
  return new AppError('NOT_FOUND', `Unit ${code} was not found on the national training register`);
}

/** Why the register gave no answer about a unit, as far as this side can tell. */
export type RegisterFailure =
  | { kind: 'unreachable' }
  | { kind: 'timeout' }
  | { kind: 'status'; status: number }
  | { kind: 'unreadable' };

function whatHappened(failure: RegisterFailure): string {
  switch (failure.kind) {
    case 'unreachable':
      return 'The national training register could not be reached just now';
    case 'timeout':
      return 'The national training register did not answer in time';
    case 'status':
      return `The national training register is having trouble just now (it answered HTTP ${failure.status})`;
    case 'unreadable':
      return 'The national training register sent an answer Evident could not read';
  }
}

/** The register could not tell us about the unit: nothing is known about whether it exists. */
export function registerFailed(code: string, failure: RegisterFailure, cause?: unknown): AppError {
  const retry = failure.kind === 'unreadable' ? 'Try again later.' : 'Try again in a few minutes.';
  return new AppError(
    'UPSTREAM_FAILED',
    `${whatHappened(failure)}, so unit ${code} could not be looked up. ${retry} An RTO admin can also ${BY_HAND}.`,
    { cause },
  );
}

/**
 * What a registerFailed error says happened, as a clause ("the national training register did not
 * answer in time"), for saying that the catalogue answered in its place.
 */
export function whatHappenedTo(error: AppError): string {
  const said = /^The (national training register[^,]*), so unit /.exec(error.message)?.[1];
  return `the ${said ?? 'national training register could not be reached'}`;
}

/** A server set to work offline (TGA_BASE_URL=off) asked for a unit its catalogue does not hold. */
export function notInCatalogue(code: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `Unit ${code} is not one of the example units this server holds, and this server is set up to work without the national training register. An RTO admin can ${BY_HAND}.`,
  );
}

/** Letters and digits only: anything else is not a unit code, and is never sent to the register. */
export function notAUnitCode(raw: string): AppError {
  return new AppError(
    'BAD_REQUEST',
    `"${raw.trim()}" is not a unit code: unit codes are letters and digits only`,
  );
}
