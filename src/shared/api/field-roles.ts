import { z } from 'zod';
import { IdOut } from './primitives.js';

/** A field or table column and the role the local engine understood it to be; null when it understood none. */
const UnderstoodField = z.looseObject({ field_id: IdOut, name: z.string(), role: z.string().nullable() });
export type UnderstoodField = z.infer<typeof UnderstoodField>;

/** /category/fields/roles (engine extra): what each field and table column of a category is taken for. */
export const FieldRolesResult = z.looseObject({
  fields: z.array(UnderstoodField),
  tables: z.array(z.looseObject({ table_id: IdOut, name: z.string(), fields: z.array(UnderstoodField) })),
});
export type FieldRolesResult = z.infer<typeof FieldRolesResult>;
