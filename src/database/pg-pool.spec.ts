import { describe, expect, it } from '@jest/globals';
import { UuidList, uuidLiteral } from './pg-pool.service.js';

describe('uuidLiteral', () => {
  it('writes a UUID and an array of them as SQL literals', () => {
    expect(uuidLiteral('01a22011-7863-7000-be1c-e76281689a11')).toBe("'01a22011-7863-7000-be1c-e76281689a11'");
    expect(uuidLiteral(['01a22011-7863-7000-be1c-e76281689a11', 'E7B6E102-B5DD-46C9-9D34-3B1E650A4125'])).toBe("'{01a22011-7863-7000-be1c-e76281689a11,E7B6E102-B5DD-46C9-9D34-3B1E650A4125}'");
    expect(uuidLiteral([])).toBe("'{}'");
  });

  it('refuses anything else, so nothing but a UUID is ever written into a statement', () => {
    for (const bad of ["x'; DROP TABLE \"Result\"; --", '01a22011-7863-7000-be1c-e76281689a1', 42, null, undefined, ['01a22011-7863-7000-be1c-e76281689a11', "'"]]) {
      expect(() => uuidLiteral(bad)).toThrow('Only UUIDs');
    }
  });

  it('writes a list of ids as one literal, and refuses one with anything that could end it', () => {
    const ids = ['01a22011-7863-7000-be1c-e76281689a11', 'E7B6E102-B5DD-46C9-9D34-3B1E650A4125'];
    expect(uuidLiteral(new UuidList(ids))).toBe("'{01a22011-7863-7000-be1c-e76281689a11,E7B6E102-B5DD-46C9-9D34-3B1E650A4125}'");
    expect(uuidLiteral(new UuidList([]))).toBe("'{}'");
    expect(new UuidList(ids).toPostgres()).toBe(`{${ids.join(',')}}`);
    for (const bad of ["x'; DROP TABLE \"Result\"; --", '01a22011-7863-7000-be1c-e76281689a11}\'', 'a b', '\\']) {
      expect(() => uuidLiteral(new UuidList([ids[0], bad]))).toThrow('Only UUIDs');
    }
  });
});
