import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys } from './keys';
import type { Audit } from './types';

/** runAudit runs the ledger, booking, withdrawal and payment audits now (GET /api/admin/audit/). */
export function runAudit(signal?: AbortSignal): Promise<Audit> {
  return request(api.GET('/api/admin/audit/', { signal }));
}

/** useAudit runs the audit when the screen opens; refetch runs it again. */
export function useAudit() {
  return useQuery({ queryKey: adminKeys.audit, queryFn: ({ signal }) => runAudit(signal), staleTime: 0 });
}
