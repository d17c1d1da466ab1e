import { useQuery } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { adminKeys } from './keys';
import type { Audit } from './types';

/** runAudit runs the ledger and booking audits now (GET /api/admin/audit/). */
export function runAudit(signal?: AbortSignal): Promise<Audit> {
  return send('GET', '/api/admin/audit/', { signal });
}

/** useAudit runs the audit when the screen opens; refetch runs it again. */
export function useAudit() {
  return useQuery({ queryKey: adminKeys.audit, queryFn: ({ signal }) => runAudit(signal), staleTime: 0 });
}
