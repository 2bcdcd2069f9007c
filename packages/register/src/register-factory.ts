import { AppError } from '@evident/core/errors';
import type { TrainingRegister } from '@evident/core/ports/register';
import { createCatalogueRegister, hasCatalogueUnit } from './catalogue';
import { createTgaClient, type TgaClientConfig } from './tga-client';

export type TrainingRegisterConfig = Partial<TgaClientConfig> & {
  /** training.gov.au (server env TGA_BASE_URL). Without it the offline catalogue answers. */
  baseUrl?: string;
  /** Answer catalogued units offline when the live register fails or does not know them. */
  fallbackToCatalogue?: boolean;
};

function canFallBack(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'UPSTREAM_FAILED');
}

function withCatalogueFallback(live: TrainingRegister, catalogue: TrainingRegister): TrainingRegister {
  return {
    async fetchUnit(code) {
      try {
        return await live.fetchUnit(code);
      } catch (error) {
        if (canFallBack(error) && hasCatalogueUnit(code)) return catalogue.fetchUnit(code);
        throw error;
      }
    },
  };
}

/** The register the server uses: the catalogue by default, training.gov.au when a base URL is set. */
export function createTrainingRegister(config: TrainingRegisterConfig = {}): TrainingRegister {
  const { baseUrl, fallbackToCatalogue, ...clientConfig } = config;
  if (!baseUrl) return createCatalogueRegister();
  const live = createTgaClient({ ...clientConfig, baseUrl });
  return fallbackToCatalogue === true ? withCatalogueFallback(live, createCatalogueRegister()) : live;
}
