// Which page of the original file shows a page of a record. Pure.
import { TaskType } from '../../../shared/api/enums';

interface PagedRecord {
  task_type: number;
  from_parent_position_list?: readonly number[] | null | undefined;
}

/** A split child's pages are pages of its parent's file (its original); other records show their own. */
export function sourcePageOf(record: PagedRecord | null | undefined, page: number): number {
  if (record?.task_type === TaskType.splitChild) return record.from_parent_position_list?.[page] ?? page;
  return page;
}
