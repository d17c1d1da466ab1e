import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** cn joins the truthy class names; of two Tailwind classes that set the same
 * thing, the later one wins, so a className given to a component overrides
 * its base classes (a danger Delete on a secondary Button is red). */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
