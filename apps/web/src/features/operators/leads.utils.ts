import { leadsPageSize } from './api/get-leads';

/** How many pages of leads there are (at least one). */
export function leadPageCount(total: number, pageSize = leadsPageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
