import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType, isInputObjectType, isEnumType, isScalarType, isInterfaceType, isUnionType } from 'graphql';
const s = buildSchema(readFileSync(process.argv[2] ?? 'schema.gql', 'utf8'));
const off = [];
for (const t of Object.values(s.getTypeMap())) {
  if (t.name.startsWith('__')) continue;
  if (['String','Int','Float','Boolean','ID'].includes(t.name)) continue;
  if (!t.description) off.push(t.name);
  if (isObjectType(t) || isInputObjectType(t) || isInterfaceType(t)) {
    for (const f of Object.values(t.getFields())) {
      if (!f.description) off.push(`${t.name}.${f.name}`);
    }
  }
}
console.log(off.length); console.log(off.join('\n'));
