import { LANGUAGES } from '../../shared/ipc/channels/app';

export type Language = (typeof LANGUAGES)[number];
export { LANGUAGES };
