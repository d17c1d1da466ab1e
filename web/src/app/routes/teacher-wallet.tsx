import { TeacherWallet } from '@/features/wallet/components/teacher-wallet';

export function TeacherWalletRoute() {
  return <TeacherWallet />;
}
