import { FileText, Link2, ClipboardList, type LucideIcon } from 'lucide-react';
import { msg, type TKey } from '@/lib/i18n/keys';
import type { MaterialType } from './api/get-materials';

/** How each type of material is named and drawn. */
export const materialTypes: Record<MaterialType, { label: TKey; icon: LucideIcon; badge: string }> = {
  note: {
    label: msg('materials.types.note'),
    icon: FileText,
    badge: 'bg-info-bg text-link',
  },
  class_link: {
    label: msg('materials.types.class_link'),
    icon: Link2,
    badge: 'bg-success-bg text-success',
  },
  assignment: {
    label: msg('materials.types.assignment'),
    icon: ClipboardList,
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
};
