import { describe, expect, it } from '@jest/globals';
import { AddContestantsInput } from '../contestants/dto/contestant.inputs.js';
import { BadInputError } from './errors.js';
import { validationPipe } from './validation.js';

describe('validation pipe', () => {
  const validate = (value: unknown) => validationPipe().transform(value, { type: 'body', metatype: AddContestantsInput });

  it('names nested fields by path', async () => {
    const error = await validate({ eventId: 'not-a-uuid', contestants: [{ number: 1 }, { number: -2 }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as BadInputError).fields).toEqual(['eventId', 'contestants.1.number']);
    expect((error as BadInputError).message).toMatch(/eventId must be a UUID; contestants\.1\.number: number must not be less than 1/);
  });

  it('refuses unknown fields', async () => {
    const error = await validate({ eventId: '00000000-0000-4000-8000-000000000000', contestants: [{ number: 1 }], extra: 1 }).catch((e: unknown) => e);
    expect((error as BadInputError).fields).toEqual(['extra']);
  });

  it('refuses control characters anywhere, naming the field', async () => {
    const error = await validate({ eventId: '00000000-0000-4000-8000-000000000000', contestants: [{ number: 1, name: 'Ann\u0000' }] }).catch((e: unknown) => e);
    expect((error as BadInputError).fields).toEqual(['contestants.0.name']);
    expect((error as BadInputError).message).toMatch(/control character/);
    await expect(validate({ eventId: '00000000-0000-4000-8000-000000000000', contestants: [{ number: 1, name: 'Ann\tBell' }] })).resolves.toBeDefined();
  });
});
