import { claim } from './claims';
import type { ToolSigner } from './keys';

export type DeepLinkItem = {
  title: string;
  url: string;
  text?: string;
  custom: Record<string, string>;
  /** A gradebook column, sent only when the platform accepts one (Moodle makes a column only then). */
  lineItem?: { label: string; scoreMaximum: number; resourceId: string; tag: string };
};

/**
 * The LtiDeepLinkingResponse (Deep Linking 2.0, 4.2): signed by the tool as its client id, to the
 * platform's issuer, carrying one ltiResourceLink and the platform's `data` unchanged.
 */
export async function signDeepLinkResponse(
  signer: ToolSigner,
  options: {
    clientId: string;
    issuer: string;
    deploymentId: string;
    data: string | null;
    items: DeepLinkItem[];
  },
): Promise<string> {
  return signer.sign(
    {
      nonce: crypto.randomUUID(),
      [claim.messageType]: 'LtiDeepLinkingResponse',
      [claim.version]: '1.3.0',
      [claim.deploymentId]: options.deploymentId,
      [claim.contentItems]: options.items.map((item) => ({
        type: 'ltiResourceLink',
        title: item.title,
        url: item.url,
        ...(item.text ? { text: item.text } : {}),
        custom: item.custom,
        ...(item.lineItem ? { lineItem: item.lineItem } : {}),
      })),
      ...(options.data !== null ? { [claim.deepLinkData]: options.data } : {}),
    },
    { expiresIn: '5m', issuer: options.clientId, audience: options.issuer },
  );
}
