/** Every limit of the contract and of the notes, in one place for the client, the engine and the UI. */
export const LIMITS = {
  categoryName: 50,
  categoryPrompt: 150,
  reviewTaskName: 100,
  workspaceName: 50,
  workspaceDescription: 200,
  ruleRepoName: 30,
  ruleGroupName: 30,
  fetchPageSizeDefault: 1000,
  fetchPageSizeMax: 1000,
  categoryListPageSizeDefault: 20,
  categoryListPageSizeMax: 100,
  workspaceListPageSizeDefault: 20,
  ruleRepoListPageSizeDefault: 10,
  listPageSizeMax: 100,
  generatedBatchNumber: 20,
  fileBytes: 100 * 1024 * 1024,
  filePages: 1000,
  fieldsPerCategory: 100,
  samplesPerCategory: 20,
  samplesPerBatchUpload: 10,
} as const;

/**
 * Formats of the published service (notes, "Published limits"), and XML e-invoices (CII, UBL), which
 * the local engine reads and the desk sends to the cloud as a drawn PDF carrying the XML.
 */
export const FILE_FORMATS = ['pdf', 'ofd', 'doc', 'docx', 'txt', 'xls', 'xlsx', 'jpeg', 'jpg', 'png', 'tiff', 'tif', 'xml'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export function fileFormatOf(fileName: string): FileFormat | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (FILE_FORMATS as readonly string[]).includes(ext) ? (ext as FileFormat) : undefined;
}
