import { readFileSync } from 'node:fs';

/** Just enough of schema.prisma to compare it with a migrated database. */
export interface PrismaField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  nativeType?: string;
  hasDefault: boolean;
}
export interface PrismaModel {
  name: string;
  fields: PrismaField[];
  /** Column lists that must be unique (@id, @unique, @@id, @@unique). */
  uniques: string[][];
  /** Scalar field → referenced model, for each relation with `fields: [...]`. */
  foreignKeys: { column: string; references: string }[];
}

export function readPrismaSchema(path = 'prisma/schema.prisma'): { models: PrismaModel[]; enums: Map<string, string[]> } {
  const text = readFileSync(path, 'utf8').replace(/\/\/.*$/gm, '');
  const enums = new Map<string, string[]>();
  for (const m of text.matchAll(/enum\s+(\w+)\s*\{([^}]*)\}/g)) enums.set(m[1], m[2].split(/\s+/).filter(Boolean));
  const modelNames = [...text.matchAll(/model\s+(\w+)\s*\{/g)].map((m) => m[1]);
  const models = [...text.matchAll(/model\s+(\w+)\s*\{([^}]*)\}/g)].map((m) => parseModel(m[1], m[2], new Set(modelNames)));
  return { models, enums };
}

function parseModel(name: string, body: string, modelNames: Set<string>): PrismaModel {
  const model: PrismaModel = { name, fields: [], uniques: [], foreignKeys: [] };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const block = /^@@(id|unique)\(\[([^\]]*)\]/.exec(line);
    if (block) {
      model.uniques.push(block[2].split(',').map((s) => s.trim()));
      continue;
    }
    if (line.startsWith('@@')) continue;
    const m = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, fieldName, type, list, optional, attrs] = m;
    if (modelNames.has(type)) {
      // A composite key (fields: [a, b]) is one foreign key over several columns.
      const rel = /fields:\s*\[([\w,\s]+)\]/.exec(attrs);
      for (const column of rel?.[1].split(',').map((c) => c.trim()) ?? []) model.foreignKeys.push({ column, references: type });
      continue;
    }
    model.fields.push({
      name: fieldName,
      type,
      list: Boolean(list),
      optional: Boolean(optional),
      nativeType: /@db\.(\w+)/.exec(attrs)?.[1],
      hasDefault: /@default\(|@updatedAt/.test(attrs),
    });
    if (/@id\b|@unique\b/.test(attrs)) model.uniques.push([fieldName]);
  }
  return model;
}

/** The PostgreSQL type (information_schema udt_name) Prisma maps a field to. */
export function expectedUdt(field: PrismaField, enums: Map<string, string[]>): string {
  const native: Record<string, string> = { Uuid: 'uuid', Timestamptz: 'timestamptz', Date: 'date', Text: 'text', Timestamp: 'timestamp' };
  const scalar: Record<string, string> = {
    String: 'text',
    Int: 'int4',
    BigInt: 'int8',
    Boolean: 'bool',
    Float: 'float8',
    Decimal: 'numeric',
    DateTime: 'timestamp',
    Json: 'jsonb',
    Bytes: 'bytea',
  };
  const base = field.nativeType ? native[field.nativeType] : enums.has(field.type) ? field.type : scalar[field.type];
  if (!base) throw new Error(`No PostgreSQL type known for ${field.type} @db.${field.nativeType}`);
  return field.list ? `_${base}` : base;
}
