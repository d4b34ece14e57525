/**
 * DATABASE_URL may carry Prisma's `?schema=name` parameter. `pg` does not understand it, so it is
 * split off here: the pool gets the plain URL and the schema is applied by the Prisma adapter and
 * by the migration runner (search_path). Tests use it to give every run its own schema.
 */
export interface DatabaseTarget {
  connectionString: string;
  schema: string;
}

export function databaseTarget(url: string): DatabaseTarget {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? 'public';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) {
    throw new Error(`DATABASE_URL schema "${schema}" must be a plain identifier (letters, digits, _)`);
  }
  parsed.searchParams.delete('schema');
  return { connectionString: parsed.toString(), schema };
}

/** The configured database URL; set by main.ts to the embedded server when none is given. */
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set and no embedded database was started');
  return url;
}

/** A URL safe to print: the password is masked. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
