import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { download } from '@/lib/api/download';

/** exportData saves everything Zabano holds about the user, a ZIP of JSON
 * files and their uploads (GET /api/account/export/). */
export function exportData(username: string): Promise<void> {
  return download('/api/account/export/', `zabano-${username}.zip`);
}

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}

/** deleteAccount erases or anonymises the user's personal data (POST /api/account/delete/);
 * the server refuses while classes are ahead, a dispute is open or money is in the wallet. */
export function deleteAccount(password: string): Promise<void> {
  return request(api.POST('/api/account/delete/', { body: { password } })).then(() => undefined);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
