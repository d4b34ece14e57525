import { ValidateBy } from 'class-validator';

/** A director's reason, kept in the audit trail: 3 to 500 characters, at least 3 of them not spaces. */
export function IsReason(): PropertyDecorator {
  return ValidateBy({
    name: 'isReason',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= 500 && value.trim().length >= 3,
      defaultMessage: () => 'reason must say why in 3 to 500 characters, not only spaces',
    },
  });
}
