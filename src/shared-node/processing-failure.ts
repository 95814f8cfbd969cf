/** A failure of the document itself, worded for the user: the engine makes it the file's failure_causes, the desk shows it before an upload. */
export class ProcessingFailure extends Error {}
