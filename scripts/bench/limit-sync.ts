import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { Statement } from './limit-queries';
import type { Postgres } from './postgres';

/**
 * Keeps the limit honest (issue 31 §1): the bare server's statements (limit-queries.ts) are copies
 * of Evident's, and Evident's change whenever its queries do. At the start of `pnpm bench limit` on
 * PostgreSQL this asks Evident for each read once with `log_statement=all`, reads back what it sent,
 * and warns loudly about every statement the bare server does not send, or sends prepared where
 * Evident does not (or the other way round). The figures are still printed: the warning says they
 * compare different SQL.
 */

/** Where the last capture's statements are written whole (line breaks kept), to copy from. */
export const capturedFile = join(tmpdir(), 'evident-limit-statements.json');

/** Text as the log prints it and as a template literal writes it: any run of white space is one space. */
export const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The bench's own connection, told apart from Evident's in the log. */
const benchApplication = 'evident-bench';

/**
 * Statements as PostgreSQL logs them with `log_line_prefix = '[%a] '`: `execute <name>: …` for the
 * extended protocol (`<unnamed>` when not prepared), `statement: …` for a simple query; a long
 * statement's further lines start with a tab.
 */
function parseLog(text: string): (Statement & { application: string; raw: string })[] {
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    // PostgreSQL writes a tab after each line break inside a message: the statement's own lines.
    if (line.startsWith('\t') && entries.length > 0) entries[entries.length - 1] += `\n${line.slice(1)}`;
    else entries.push(line);
  }
  const found: (Statement & { application: string; raw: string })[] = [];
  for (const entry of entries) {
    const match = /^\[([^\]]*)\] LOG: {2}(?:execute ([^:]+)|statement): ([\s\S]*)$/.exec(entry);
    if (!match) continue;
    const [, application = '', name, body = ''] = match;
    const prepared = name !== undefined && name !== '<unnamed>';
    found.push({ application, raw: body, text: normalised(body), prepared });
  }
  return found;
}

/** What Evident sends while it answers `paths` once each (with the cookie given), in order, distinct. */
export async function captureEvidentStatements(
  pg: Postgres,
  reads: { path: string; cookie: string; url: string }[],
): Promise<Statement[]> {
  const sql = postgres(pg.url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: benchApplication },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  try {
    await sql`alter system set log_line_prefix = '[%a] '`;
    await sql`alter system set log_statement = 'all'`;
    await sql`select pg_reload_conf()`;
    await settle();
    const from = statSync(pg.logFile).size;
    for (const read of reads) {
      const res = await fetch(`${read.url}${read.path}`, { headers: { cookie: read.cookie } });
      await res.arrayBuffer();
    }
    await settle();
    const log = readFileSync(pg.logFile).subarray(from).toString('utf8');
    await sql`alter system reset log_statement`;
    await sql`alter system reset log_line_prefix`;
    await sql`select pg_reload_conf()`;
    const seen = new Map<string, Statement & { raw: string }>();
    for (const statement of parseLog(log)) {
      if (statement.application === benchApplication) continue;
      // postgres.js asks for the array types once per connection: the driver's, the limit's as well.
      if (statement.text.includes('pg_catalog.pg_type')) continue;
      // The job worker's heartbeat and polls run beside the reads, on their own clock: not a read's SQL.
      if (/\b(from|into|update) "?(jobs|job_workers)\b/i.test(statement.text)) continue;
      const { raw, text, prepared } = statement;
      seen.set(`${prepared}:${text}`, { raw, text, prepared });
    }
    const sent = [...seen.values()];
    writeFileSync(
      capturedFile,
      JSON.stringify(
        sent.map(({ raw, prepared }) => ({ prepared, text: raw })),
        null,
        2,
      ),
    );
    return sent.map(({ text, prepared }) => ({ text, prepared }));
  } finally {
    await sql.end();
  }
}

/** Every statement Evident sent that the limit does not send as Evident does; printed loudly. Answers how many. */
export function warnUnknownStatements(sent: Statement[], known: Statement[]): number {
  const byText = new Map(known.map((statement) => [normalised(statement.text), statement.prepared]));
  const unknown = sent.filter((statement) => byText.get(statement.text) !== statement.prepared);
  if (unknown.length === 0) {
    console.log(`  in sync: the ${sent.length} statements Evident sent for these reads are the limit's own`);
    return 0;
  }
  const bar = '!'.repeat(100);
  console.warn(
    `\n${bar}\n!! THE LIMIT IS OUT OF SYNC: Evident sent ${unknown.length} statement(s) the bare server does not send`,
  );
  console.warn(
    '!! the same way. Its figures compare different SQL. Copy these into scripts/bench/limit-queries.ts',
  );
  console.warn(`!! (whole, line breaks kept, in ${capturedFile}):`);
  for (const statement of unknown) {
    const how = byText.has(statement.text)
      ? `sent ${statement.prepared ? 'prepared (named)' : 'unnamed'} by Evident, the other way by the limit`
      : `${statement.prepared ? 'prepared (named)' : 'unnamed'}, unknown to the limit`;
    console.warn(`!! - ${how}:\n!!   ${statement.text}`);
  }
  console.warn(`${bar}\n`);
  return unknown.length;
}
