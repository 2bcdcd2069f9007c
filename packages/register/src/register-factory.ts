import { AppError } from '@evident/core/errors';
import type { TrainingRegister } from '@evident/core/ports/register';
import { createCatalogueRegister, hasCatalogueUnit } from './catalogue';
import { whatHappenedTo } from './register-errors';
import { createTgaClient, type TgaClientConfig } from './tga-client';

export type TrainingRegisterConfig = Partial<Omit<TgaClientConfig, 'baseUrl'>> & {
  /** training.gov.au's address (server env TGA_BASE_URL); null works offline, from the catalogue alone. */
  baseUrl: string | null;
};

function canFallBack(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'UPSTREAM_FAILED');
}

/** Why the catalogue answered, for the screens to say where the unit came from. */
export const OFFLINE_REASON = 'this server is set up to work without the national training register';
export const NOT_LISTED_REASON = 'the national training register does not list it';

/**
 * The live register first; a unit the catalogue holds is answered from it when the register is out
 * of reach or does not know the code, so the example units work on any network. Any other code gets
 * the register's own answer, which says whether the unit is missing or the register was.
 */
function withCatalogueFallback(live: TrainingRegister, catalogue: TrainingRegister): TrainingRegister {
  return {
    async fetchUnit(code, options) {
      try {
        return await live.fetchUnit(code, options);
      } catch (error) {
        if (!canFallBack(error) || !hasCatalogueUnit(code)) throw error;
        const fallbackReason = error.code === 'NOT_FOUND' ? NOT_LISTED_REASON : whatHappenedTo(error);
        return { ...(await catalogue.fetchUnit(code)), fallbackReason };
      }
    },
  };
}

/** The register the server uses: training.gov.au with the catalogue behind it, or the catalogue alone. */
export function createTrainingRegister(config: TrainingRegisterConfig): TrainingRegister {
  const { baseUrl, ...clientConfig } = config;
  const catalogue = createCatalogueRegister();
  if (baseUrl === null)
    return {
      fetchUnit: async (code) => ({ ...(await catalogue.fetchUnit(code)), fallbackReason: OFFLINE_REASON }),
    };
  return withCatalogueFallback(createTgaClient({ ...clientConfig, baseUrl }), catalogue);
}
