import { z } from 'zod';
import { DateTimeText, EpochSeconds, IdIn, IdOut, IntOrText, Position, QueryBool, Vertices, oneOfInts, queryInt } from './primitives.js';
import { ExtractModel, ParseMode, RECOGNITION_STATUSES, TargetProcess, VERIFICATION_STATUSES } from './enums.js';
import { LIMITS } from './limits.js';

// ---------- parser options ----------

const parserShape = {
  formula_level: oneOfInts([0, 1, 2] as const),
  apply_merge: oneOfInts([0, 1] as const),
  table_text_split_mode: oneOfInts([0, 1] as const),
  crop_dewarp: oneOfInts([0, 1] as const),
  remove_watermark: oneOfInts([0, 1] as const),
  dpi: oneOfInts([144, 216] as const),
  parse_mode: ParseMode,
  pdf_pwd: z.string().max(256),
};
export const PARSER_KEYS = Object.keys(parserShape) as (keyof typeof parserShape)[];

/** parser_params in a request body (/file/retry) or built from upload options. */
export const ParserParamsIn = z.strictObject(parserShape).partial();
export type ParserParamsIn = z.input<typeof ParserParamsIn>;
export type ParserParams = z.output<typeof ParserParamsIn>;

/** parser_params of a file record, as answered. */
export const ParserParamsOut = z.looseObject({
  formula_level: z.number().int(),
  apply_merge: z.number().int(),
  table_text_split_mode: z.number().int(),
  crop_dewarp: z.number().int(),
  remove_watermark: z.number().int(),
  dpi: z.number().int(),
  parse_mode: z.string(),
  pdf_pwd: z.string(),
}).partial();

// ---------- file records (responses: lenient, unknown members kept) ----------

export const PageInfo = z.looseObject({
  page: z.number().int(),
  angle: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  dpi: z.number().int(),
  image_url: z.string().optional(),
});
export type PageInfo = z.infer<typeof PageInfo>;

export const ExtractedField = z.looseObject({
  key: z.string(),
  identifier: z.string().optional(),
  value: z.string(),
  position: z.array(Position).optional().default([]),
  confidence: z.number().optional(),
});
export type ExtractedField = z.infer<typeof ExtractedField>;

export const TextInLine = z.looseObject({
  // Text in the published schema ("0"); older answers gave a number.
  angle: IntOrText.optional(),
  pos: Vertices.optional(),
  page: z.number().int().optional(),
  text: z.string(),
  char_pos: z.array(Vertices).optional(),
});

export const TableCell = z.looseObject({
  key: z.string(),
  identifier: z.string().optional(),
  value: z.string(),
  textInLines: z.array(TextInLine).optional(),
  position: z.array(Position).optional().default([]),
  index: z.number().int().optional(),
  confidence: z.number().optional(),
});
export type TableCell = z.infer<typeof TableCell>;

export const ItemCell = z.looseObject({ key: z.string(), value: z.string(), position: z.array(Position).optional().default([]) });

export const ExtractedTable = z.looseObject({
  tableName: z.string(),
  tableType: IntOrText.optional(),
  extractModel: z.string().nullable().optional(),
  configModel: z.string().nullable().optional(),
  items: z.array(z.array(TableCell)).default([]),
});
export type ExtractedTable = z.infer<typeof ExtractedTable>;

export const Stamp = z.looseObject({
  angel: z.number().int().optional(),
  page: z.number().int(),
  text: z.string().optional(),
  type: z.string().optional(),
  color: z.string().optional(),
  shape: z.string().optional(),
  position: Vertices,
});

export const Handwriting = z.looseObject({
  angel: z.number().int().optional(),
  page: z.number().int(),
  text: z.string(),
  position: z.array(Position).default([]),
});

/** invoiceVerifyStatus: 1 verified, 0 failed, null not verified. */
export const InvoiceVerifyResult = z.looseObject({
  invoiceVerifyStatus: z.number().int().nullable().optional(),
  invoiceVerifyErrorCode: z.number().int().nullable().optional(),
  invoiceVerifyCanRetry: z.number().int().nullable().optional(),
  invoiceVerifyFailMsg: z.string().nullable().optional(),
});

export const FileData = z.looseObject({
  fields: z.array(ExtractedField).default([]),
  items: z.array(z.array(ItemCell)).default([]),
  tables: z.array(ExtractedTable).default([]),
  stamps: z.array(Stamp).default([]),
  handwritings: z.array(Handwriting).default([]),
  invoiceVerifyResult: InvoiceVerifyResult.nullable().optional(),
});
export type FileData = z.infer<typeof FileData>;

export const DocumentLine = z.looseObject({
  text: z.string(),
  position: Vertices,
  charPositions: z.array(Vertices).default([]),
});
export const DocumentPage = z.looseObject({
  angle: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  lines: z.array(DocumentLine),
});
export const FileDocument = z.looseObject({ pages: z.array(DocumentPage) });
export type FileDocument = z.infer<typeof FileDocument>;

const fileRecordShape = {
  id: IdOut,
  task_id: IdOut,
  task_detail_url: z.string().optional(),
  task_type: z.number().int(),
  batch_number: z.string().optional().default(''),
  name: z.string(),
  format: z.string().optional().default(''),
  recognition_status: z.number().int(),
  failure_causes: z.string().optional(),
  verification_status: z.number().int().optional().default(0),
  category: z.string().nullable().optional().default(''),
  pages: z.array(PageInfo).optional().default([]),
  data: FileData.nullable().optional(),
  document: FileDocument.nullable().optional(),
};

export const ChildFile = z.looseObject({
  ...fileRecordShape,
  parent_task_id: IdOut.optional(),
  from_parent_position_list: z.array(z.number()).nullable().optional(),
  crop_info: z.looseObject({ page: z.number().int(), imageAngle: IntOrText }).nullable().optional(),
});
export type ChildFile = z.infer<typeof ChildFile>;

export const FileRecord = z.looseObject({
  ...fileRecordShape,
  child_files: z.array(ChildFile).nullable().optional().default([]),
  duration_ms: z.number().int().optional(),
  total_page_num: z.number().int().optional(),
  parser_params: ParserParamsOut.nullable().optional(),
  // The engine adds the update time so that a syncing client can keep a watermark.
  updated_at: z.string().optional(),
});
export type FileRecord = z.infer<typeof FileRecord>;

export const FileList = z.looseObject({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  files: z.array(FileRecord).default([]),
});
export type FileList = z.infer<typeof FileList>;

// ---------- requests ----------

export const FileFetchQuery = z.object({
  workspace_id: IdIn,
  page: queryInt(1, 1_000_000).optional(),
  page_size: queryInt(1, LIMITS.fetchPageSizeMax).optional(),
  batch_number: z.string().min(1).optional(),
  file_id: IdIn.optional(),
  task_id: IdIn.optional(),
  category: z.string().optional(),
  recognition_status: oneOfInts(RECOGNITION_STATUSES).optional(),
  verification_status: oneOfInts(VERIFICATION_STATUSES).optional(),
  start_time: DateTimeText.optional(),
  end_time: DateTimeText.optional(),
  with_document: QueryBool.optional(),
  with_task_detail_url: QueryBool.optional(),
  with_image_url: QueryBool.optional(),
});
export type FileFetchQuery = z.input<typeof FileFetchQuery>;

const uploadOptionShape = {
  workspace_id: IdIn,
  category: z.string().max(LIMITS.categoryName).optional(),
  batch_number: z.string().min(1).max(100).optional(),
  auto_verify_vat: QueryBool.optional(),
  split_flag: QueryBool.optional(),
  crop_flag: QueryBool.optional(),
  target_process: TargetProcess.optional(),
};
const prefixedParserShape = Object.fromEntries(
  PARSER_KEYS.map((k) => [`parser_${k}`, parserShape[k].optional()]),
) as { [K in keyof typeof parserShape as `parser_${K}`]: z.ZodOptional<(typeof parserShape)[K]> };

/** The upload query on the wire: parser options in both spellings (notes: the prefixed one wins). */
export const FileUploadQuery = z.object({
  ...uploadOptionShape,
  ...ParserParamsIn.shape,
  ...prefixedParserShape,
  with_task_detail_url: QueryBool.optional(),
});
export type FileUploadQuery = z.output<typeof FileUploadQuery>;

/** What a caller of our client gives: options plus parser params spelled once. */
export const UploadOptions = z.object({ ...uploadOptionShape, parser: ParserParamsIn.optional(), with_task_detail_url: QueryBool.optional() });
export type UploadOptions = z.input<typeof UploadOptions>;

/** Both spellings of each parser option, as the notes ask a client to send them. */
export function uploadQueryOf(options: UploadOptions): z.input<typeof FileUploadQuery> {
  const { parser, ...rest } = options;
  const query: Record<string, unknown> = { ...rest };
  for (const [key, value] of Object.entries(parser ?? {})) {
    if (value === undefined) continue;
    query[key] = value;
    query[`parser_${key}`] = value;
  }
  return query as z.input<typeof FileUploadQuery>;
}

/** Parser params a server reads from an upload query: the prefixed spelling wins. */
export function parserParamsOfUpload(query: FileUploadQuery): ParserParams {
  const out: Record<string, unknown> = {};
  for (const key of PARSER_KEYS) {
    const value = query[`parser_${key}`] ?? query[key];
    if (value !== undefined) out[key] = value;
  }
  return out as ParserParams;
}

export const UploadResult = z.looseObject({
  batch_number: z.string(),
  files: z.array(z.looseObject({ id: IdOut, name: z.string(), format: z.string(), task_id: IdOut })),
});
export type UploadResult = z.infer<typeof UploadResult>;

const fieldPrompt = z.strictObject({ key: z.string().min(1), prompt: z.string().max(1000).optional(), extract_model: ExtractModel.optional() });
export const ExtractFieldsBody = z.strictObject({
  workspace_id: IdIn,
  task_id: IdIn,
  fields: z.array(fieldPrompt).optional(),
  tables: z.array(z.strictObject({ name: z.string().min(1), extract_model: ExtractModel.optional(), fields: z.array(fieldPrompt).optional() })).optional(),
});
export type ExtractFieldsBody = z.input<typeof ExtractFieldsBody>;

export const AmendCategoryBody = z.strictObject({
  workspace_id: IdIn,
  task_id: IdIn,
  category: z.string().max(LIMITS.categoryName).optional(),
  split_tasks: z.array(z.strictObject({ category: z.string().max(LIMITS.categoryName), pages: z.array(z.number().int().nonnegative()).min(1) })).optional(),
  crop_tasks: z.array(z.strictObject({ crop_child_task_id: IdIn, category: z.string().max(LIMITS.categoryName) })).optional(),
});
export type AmendCategoryBody = z.input<typeof AmendCategoryBody>;

const positionIn = z.array(z.strictObject({ page: z.number().int().nonnegative(), vertices: z.array(z.number()) }));
const updateCell = z.strictObject({ key: z.string(), value: z.string(), position: positionIn.optional() });
export const FileUpdateEntry = z.strictObject({
  workspace_id: IdIn,
  file_id: IdIn,
  data: z.strictObject({
    fields: z.array(updateCell.extend({ identifier: z.string().optional() })).optional(),
    items: z.array(z.array(updateCell)).optional(),
  }),
});
export const FileUpdateBody = z.array(FileUpdateEntry).min(1);
export type FileUpdateBody = z.input<typeof FileUpdateBody>;
export const FileUpdateResult = z.looseObject({ files: z.array(z.looseObject({ workspace_id: IdOut, id: IdOut })) });

export const FileDeleteBody = z.strictObject({
  workspace_id: IdIn,
  batch_number: z.array(z.string()).optional(),
  task_id: z.array(IdIn).optional(),
  file_id: z.array(IdIn).optional(),
  start_time: EpochSeconds.optional(),
  end_time: EpochSeconds.optional(),
});
export type FileDeleteBody = z.input<typeof FileDeleteBody>;
export const FileDeleteResult = z.looseObject({ deleted_count: z.number().int() });

export const FileRetryBody = z.strictObject({ workspace_id: IdIn, task_id: IdIn, parser_params: ParserParamsIn.optional() });
export type FileRetryBody = z.input<typeof FileRetryBody>;
