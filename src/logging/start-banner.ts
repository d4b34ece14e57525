/**
 * What a person starting the service needs, once, in a box: where it listens, which database it
 * uses, and — on the first start of an empty database — the admin key, shown this one time.
 */
export function startBanner({ url, database, adminKey, demo }: { url: string; database: string; adminKey: string | null; demo: boolean }): string {
  const lines = [
    `Traveller is running at ${url}`,
    `  results pages  ${url}/`,
    `  GraphQL        ${url}/graphql`,
    `  REST docs      ${url}/api/docs`,
    `Database: ${database}${demo ? ' (demo club loaded)' : ''}`,
    ...(adminKey ? ['', 'Admin key, shown this once (only its hash is kept): keep it safe', `  ${adminKey}`] : []),
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  return `\n┌${rule}┐\n${lines.map((l) => `│ ${l.padEnd(width)} │`).join('\n')}\n└${rule}┘\n\n`;
}
