import { networkInterfaces } from 'node:os';
import type { Database } from '@evident/db/client';
import { findUserByEmail } from '@evident/db/queries/users';
import { DEMO_PASSWORD, demoPeople } from '@evident/db/seed/demo';

export type DemoSignIn = { role: string; email: string };

/** The demo people that can still sign in with the demo password's accounts (seeded now or before). */
export async function demoSignIns(db: Database): Promise<DemoSignIn[]> {
  const found: DemoSignIn[] = [];
  for (const person of demoPeople) {
    const row = await findUserByEmail(db, person.email);
    if (row) found.push({ role: row.role, email: row.email });
  }
  return found;
}

/** This machine's IPv4 addresses on a network (not loopback), where a phone on the same Wi-Fi can reach it. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry?.address ?? '')
    .filter(Boolean);
}

export type BannerFacts = {
  publicUrl: string;
  /** Whether PUBLIC_URL was left at its localhost default, so other addresses reach the app too. */
  defaultPublicUrl: boolean;
  host: string;
  port: number;
  lan: string[];
  demo: DemoSignIn[];
};

export function addressesToOpen(facts: BannerFacts): string[] {
  if (!facts.defaultPublicUrl) return [facts.publicUrl];
  const everywhere = facts.host === '0.0.0.0' || facts.host === '::';
  const local = everywhere || facts.host === 'localhost' ? 'localhost' : facts.host;
  return [
    `http://${local}:${facts.port}`,
    ...(everywhere ? facts.lan.map((address) => `http://${address}:${facts.port}`) : []),
  ];
}

/**
 * The banner's facts as fields of the one start-up log line (output that is not a terminal, e.g.
 * `docker logs`): whoever reads it there needs the demo password as much as the banner's reader.
 */
export function startupLogFields(facts: BannerFacts): Record<string, unknown> {
  const fields: Record<string, unknown> = { open: addressesToOpen(facts), demoSignIns: facts.demo };
  if (facts.demo.length > 0) fields.demoPassword = DEMO_PASSWORD;
  return fields;
}

/** What a person starting the app needs on screen: where to open it and how to sign in. */
export function startupBanner(facts: BannerFacts): string {
  const [first, ...others] = addressesToOpen(facts);
  const lines = ['', `  Evident is running: open ${first}`];
  for (const address of others) lines.push(`  on your network (e.g. a phone on the same Wi-Fi): ${address}`);
  if (facts.demo.length > 0) {
    lines.push('', `  Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const person of facts.demo) lines.push(`    ${person.role.padEnd(10)} ${person.email}`);
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  return lines.join('\n');
}
