import { FILE_FORMATS, fileFormatOf, type FileFormat } from '../shared/api/index.js';

/**
 * An engine started as a stand-in for the cloud service (`--cloud-stand-in`) has no XML reader, as
 * the cloud has none: a bare XML file is refused at upload, and a PDF is read from its print with
 * any attached invoice XML left unread. Tests prove with it what the desk sends a cloud account.
 */
const CLOUD_FORMATS: readonly FileFormat[] = FILE_FORMATS.filter((format) => format !== 'xml');

/** The formats an upload is taken in. */
export function formatsTaken(cloudStandIn: boolean | undefined): readonly FileFormat[] {
  return cloudStandIn ? CLOUD_FORMATS : FILE_FORMATS;
}

/** A file name's format when it is one the engine takes, else undefined. */
export function formatTaken(fileName: string, cloudStandIn: boolean | undefined): FileFormat | undefined {
  const format = fileFormatOf(fileName);
  return format && formatsTaken(cloudStandIn).includes(format) ? format : undefined;
}
