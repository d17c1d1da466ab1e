import 'i18next';
import type fa from '@/locales/fa.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fa };
  }
}
