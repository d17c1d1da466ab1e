/** copyText puts text on the clipboard; false when the browser would not
 * (no Clipboard API outside a secure context, or permission refused). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
