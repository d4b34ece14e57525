import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { jsonShapeProblem } from './body-shape.js';
import { BadInputError } from './errors.js';

/** Control characters no field has a use for (tab, newline and carriage return are fine); PostgreSQL cannot even store NUL. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * class-validator on every input; unknown fields are refused. The answer names each offending
 * field by its path (e.g. `contestants.2.number`) with class-validator's message. Strings with
 * control characters are refused first, whatever the field.
 */
class InputPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const bad = controlCharacterPath(value);
    if (bad !== null) throw new BadInputError(`${bad || 'The input'} contains a control character; send plain text`, bad ? [bad] : []);
    // A lone surrogate (from a GraphQL string escape such as "\ud800") would be stored altered or refused by PostgreSQL.
    const malformed = jsonShapeProblem(value);
    if (malformed) throw new BadInputError(malformed.message, malformed.path ? [malformed.path] : []);
    return super.transform(value, metadata);
  }
}

export function validationPipe(): ValidationPipe {
  return new InputPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const problems = flatten(errors);
      return new BadInputError(
        `Invalid input: ${problems.map((p) => p.message).join('; ')}`,
        [...new Set(problems.map((p) => p.path))],
      );
    },
  });
}

/** The path of the first string holding a control character ("" for the value itself), or null. */
export function controlCharacterPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = controlCharacterPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function flatten(errors: ValidationError[], prefix = ''): { path: string; message: string }[] {
  return errors.flatMap((e) => {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({
      path,
      message: prefix ? `${path}: ${message}` : message,
    }));
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

/** A section letter as every input reads it: trimmed and upper case (`a ` is section A). */
export const SectionLetter = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value));

/**
 * An update field whose explicit null means "keep the stored value", as left out does: without
 * it the null reached a non-nullable column and the write failed as an internal error.
 */
export const NullKeeps = () => Transform(({ value }: { value: unknown }) => (value === null ? undefined : value));
