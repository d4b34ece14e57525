import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { BadInputError } from './errors.js';

/**
 * class-validator on every input; unknown fields are refused. The answer names each offending
 * field by its path (e.g. `contestants.2.number`) with class-validator's message.
 */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
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
