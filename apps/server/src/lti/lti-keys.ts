import type { LtiKeys } from '@evident/core/ports/lti-keys';
import type { LtiTool } from './lti-tool';

/** The `LtiKeys` port over the tool, once its start-up writes are done. */
export function createLtiKeys(tool: Promise<LtiTool>): LtiKeys {
  return {
    async registrationLink() {
      const ready = await tool;
      const audience = `${ready.publicUrl}/lti/register`;
      const invite = await (await ready.signer()).sign({}, { expiresIn: '24h', audience, issuer: audience });
      return `${audience}?invite=${invite}`;
    },
    async rotate() {
      return (await tool).rotate();
    },
  };
}
